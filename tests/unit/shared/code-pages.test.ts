import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readInstanceFile } from '../../../src/main/vrp/io/index.js';
import { decodeText } from '../../../src/shared/text-decoding.js';
import { oddities } from '../../../src/shared/text-plausibility.js';

/** The bytes of a text in a one-byte code page, by reading every byte in it and looking each character up. */
function encodeIn(label: string, text: string): Uint8Array {
  const decoder = new TextDecoder(label);
  const byteOf = new Map<string, number>();
  for (let b = 0xff; b >= 0; b--) byteOf.set(decoder.decode(Uint8Array.of(b)), b);
  return Uint8Array.from(text, (ch) => {
    const b = byteOf.get(ch);
    if (b === undefined) throw new Error(`${ch} is not in ${label}`);
    return b;
  });
}

/** Windows-1252 as Excel writes it (Node reads the label as Latin-1, so its 0x80–0x9F letters are listed). */
function cp1252(text: string): Uint8Array {
  const extra: Record<string, number> = {
    '€': 0x80,
    '’': 0x92,
    '–': 0x96,
    Œ: 0x8c,
    œ: 0x9c,
    Š: 0x8a,
    š: 0x9a,
    Ÿ: 0x9f,
  };
  return Uint8Array.from(text, (ch) => extra[ch] ?? ch.charCodeAt(0));
}

const polish =
  'id;name;address\nD;Magazyn Łódź;ul. Piotrkowska 1, Łódź\nK1;Dvořák s.r.o.;ul. Źródlana 2\nK2;Piekarnia Świętokrzyska;ul. Żeromskiego 5\n';
const russian = 'id,name,address\nD,Склад,Москва\nK1,ООО Ромашка 1,ул. Ленина 1\nK2,ООО Ромашка 2,ул. Ленина 2\n';
const greek = 'id,name\nD,Κεντρική αποθήκη\n1,Οδός Πειραιώς 100 Αθήνα\n';
const mac =
  'type,id,name\rdepot,Lager Süd,"Lager Süd"\rcustomer,K001,"Café Größenwahn 1"\rcustomer,K002,"Blumen Jäger 3, Industriestraße 5"\r';

describe('a CSV saved in a code page other than Windows-1252', () => {
  it('reads Polish, Russian and Greek Excel files in their code page and says which', () => {
    const cases = [
      [polish, 'windows-1250', 'windows-1250 (Central European)', 'Łódź'],
      [russian, 'windows-1251', 'windows-1251 (Cyrillic)', 'Склад'],
      [greek, 'windows-1253', 'windows-1253 (Greek)', 'Κεντρική'],
    ] as const;
    for (const [text, label, name, example] of cases) {
      const read = decodeText(encodeIn(label, text));
      expect(read.text).toBe(text);
      expect(read.warning).toContain(`read in the code page ${name}, as in '${example}'`);
      expect(read.warning).toContain("save the file as 'CSV UTF-8'");
    }
  });

  it("reads Excel for Mac's CSV (Macintosh), with its CR line ends, as Mac OS Roman", () => {
    const read = decodeText(encodeIn('macintosh', mac));
    expect(read.text).toBe(mac);
    expect(read.warning).toContain('Mac OS Roman');
    // A long one too: all one line to the LF splitting, judged by its first 64 KiB.
    const long = mac + 'customer,K003,"Café Größenwahn 3"\r'.repeat(3000);
    expect(decodeText(encodeIn('macintosh', long)).text).toBe(long);
  });

  it('reads Mac OS Roman with LF line ends where it reads without a flaw, rather than as Windows-1250 "Mźller"', () => {
    const text = 'type,id,name\ncustomer,K01,Müller\ncustomer,K02,Süd\ncustomer,K03,Köln\ncustomer,K04,Café\n';
    const read = decodeText(encodeIn('macintosh', text));
    expect(read.text).toBe(text);
    expect(read.warning).toContain("Mac OS Roman (Excel for Mac), as in 'Müller'");
  });

  it('reads Chinese GB18030 and Japanese Shift JIS, and does not take one for the other', () => {
    // "D,仓库\n1,北京市朝阳区建国路\n" in GB18030 and "D,倉庫\n1,東京都港区六本木1丁目\n" in Shift JIS.
    const gb = [
      0x44, 0x2c, 0xb2, 0xd6, 0xbf, 0xe2, 0x0a, 0x31, 0x2c, 0xb1, 0xb1, 0xbe, 0xa9, 0xca, 0xd0, 0xb3, 0xaf, 0xd1, 0xf4, 0xc7, 0xf8, 0xbd,
      0xa8, 0xb9, 0xfa, 0xc2, 0xb7, 0x0a,
    ];
    const sjis = [
      0x44, 0x2c, 0x91, 0x71, 0x8c, 0xc9, 0x0a, 0x31, 0x2c, 0x93, 0x8c, 0x8b, 0x9e, 0x93, 0x73, 0x8d, 0x60, 0x8b, 0xe6, 0x98, 0x5a, 0x96,
      0x7b, 0x96, 0xd8, 0x31, 0x92, 0x9a, 0x96, 0xda, 0x0a,
    ];
    const chinese = decodeText(Uint8Array.from(gb));
    expect(chinese.text).toBe('D,仓库\n1,北京市朝阳区建国路\n');
    expect(chinese.warning).toContain('GB18030 (Chinese)');
    const japanese = decodeText(Uint8Array.from(sjis));
    expect(japanese.text).toBe('D,倉庫\n1,東京都港区六本木1丁目\n');
    expect(japanese.warning).toContain('Shift JIS (Japanese)');
  });

  it('reads Western European files as Windows-1252 and says so, with a name as read: German, French, Spanish, Portuguese, Nordic', () => {
    const western = [
      'type;id;name;address\ndepot;Lager Süd;Lager Süd;Industriestraße 5, München\ncustomer;K001;Café Größenwahn 1;Hauptstraße 1\ncustomer;K002;Metzgerei Weiß;Königsplatz 2\n',
      'N° client;Raison sociale;Adresse\nD;Dépôt Île-de-France;12 rue de l’Église\n1;Boulangerie «Chez Œdipe»;Cœur de ville\n2;Crêperie Noël;Théâtre – 5 € / kg\n',
      'id,nombre\nD,Almacén Central\n1,¿Qué tal? ¡Olé! Señor Muñoz\n2,Conceição São João\n3,Ærø Ålesund Øster; Þórður Guðmundsson\n4,MÜLLER GMBH®; Kühlware 2–8 °C\n',
    ];
    const examples = ['Süd', 'Dépôt', 'Almacén'];
    western.forEach((text, i) => {
      const read = decodeText(cp1252(text));
      expect(read.text).toBe(text);
      expect(read.warning).toBe(
        `the file is not UTF-8: read in the code page Windows-1252 (Western European), as in '${examples[i]}'; if names look wrong, save the file as 'CSV UTF-8' (Excel: File → Save As) and import that`,
      );
    });
  });

  it('says nothing of a code page where every line is UTF-8 or plain ASCII', () => {
    const text = 'id;name\nD;Lager Süd\nK1;Müller\n';
    expect(decodeText(new TextEncoder().encode(text))).toEqual({ text });
    expect(decodeText(new TextEncoder().encode('id,x\nD,0\n'))).toEqual({ text: 'id,x\nD,0\n' });
  });

  it('reads a file that no code page reads clearly better as Windows-1252, and says when its characters look garbled', () => {
    // 0x81 is no character in Windows-1252, nor in Windows-1250 (which reads the umlauts alike); the others garble
    // the umlauts, and Mac OS Roman is taken for a file with LF line ends only where it reads without a flaw.
    const read = decodeText(Uint8Array.from([...cp1252('id,name\nD,Müller Straße\n1,Kunde '), 0x81, 0x0a]));
    expect(read.text).toBe('id,name\nD,Müller Straße\n1,Kunde \u0081\n');
    expect(read.warning).toContain("Windows-1252 (Western European), but some characters look garbled, as in 'U+0081'");
  });

  it('tells jampr (and every reader of files) how the file was read', () => {
    const csv = 'id;name;x;y;demand;ready;due;service\nD;Magazyn Łódź;0;0;0;0;1000;0\nK1;Dvořák;3;4;5;10;500;2\n';
    const path = join(mkdtempSync(join(tmpdir(), 'jampr-cp1250-')), 'day.csv');
    writeFileSync(path, encodeIn('windows-1250', csv));
    const warnings: string[] = [];
    const instance = readInstanceFile(path, { capacity: 50, onWarning: (w) => warnings.push(w) });
    expect(instance.depot.name).toBe('Magazyn Łódź');
    expect(instance.customers[0].name).toBe('Dvořák');
    expect(warnings[0]).toContain('windows-1250 (Central European)');
  });
});

describe('Central European files without a letter that Windows-1252 lacks', () => {
  // Every byte here is a letter or sign in Windows-1252 too: only which letters stand together tells them apart.
  const files = [
    'id;name\nK01;Wrocław Piekarnia\nK02;Gdańsk\nK03;Białystok\nK04;Częstochowa\n',
    'id;name\nK01;Dvořák Pekárna\nK02;Plzeň\nK03;Třebíč Maso\nK04;České Budějovice\n',
    'id;name\nK01;Győr Pékség\nK02;Szőlő utca\nK03;Kőbánya\nK04;Sütő\nK05;Tűzoltó\n',
    'id;name\nK01;Košice Pekáreň\nK02;Nitra Ľudia\nK03;Trnava Ďateľ\n',
    'id;name\nK01;Ćevapčići Đakovo\nK02;Čakovec Pekara\nK03;Đurđevac\n',
    'id;name\nK01;Braşov Brutărie\nK02;Timişoara Piaţă\nK03;Iaşi Pâine\n',
  ];

  it('reads Polish, Czech, Hungarian, Slovak, Croatian and Romanian ones in Windows-1250, and says so', () => {
    for (const text of files) {
      const read = decodeText(encodeIn('windows-1250', text));
      expect(read.text).toBe(text);
      expect(read.warning).toContain('windows-1250 (Central European)');
    }
  });

  it('still reads Western names with accents from several languages in one file as Windows-1252, and says so', () => {
    const text = [
      'id;name',
      'K01;Cafébäckerei Müller; Crème brûlée; Façade; Œuvre; L’Haÿ-les-Roses; Citroën',
      'K02;Ærøskøbing; Smørrebrød; Tromsø; Ålesund; Göteborg; Hämeenlinna; Šakki',
      'K03;Þórshöfn; Ísafjörður; Jökulsárlón; Egilsstaðir; Reykjavík',
      'K04;São João; Conceição; Limões; Guimarães; Peñíscola; Ibáñez; Núñez; Lingüiça',
      'K05;Lleidatà; Sòller; València; Perché; Città; Forlì; Più',
      'K06;België; Curaçao; Gökçe Öztürk; Përparim; Dún Laoghaire',
      'K07;Nº 5; 1º andar; Mª José; 25ºC; 120 m²; ½ kg; 2½kg; m²Büro; ¿Dónde? ¡Olé!',
      'K08;MÜLLER GMBH; CAFÉ NOËL; SÃO PAULO; ÆRØ',
      '',
    ].join('\n');
    const read = decodeText(cp1252(text));
    expect(read.text).toBe(text);
    expect(read.warning).toContain("read in the code page Windows-1252 (Western European), as in 'Cafébäckerei'");
    // Not one sign of a misreading, so that a few more such names cannot add up to one.
    expect(oddities(text).strong).toBe(0);
    // Turkish names as UTF-8 rows write them, with ğ ı ş.
    expect(oddities('Doğan Yılmaz; Ayşe Gökçe').strong).toBe(0);
  });
});

describe('files written in capitals, Greek or Cyrillic', () => {
  // Greek capitals are at the bytes of Cyrillic Б–Щ: in Windows-1251 "ΑΘΗΝΑ" reads "БИЗНБ", as plausible letter by letter.
  it('reads Greek capitals as Windows-1253, not as Cyrillic', () => {
    const text = 'id;name\nK01;ΑΘΗΝΑ Α.Ε.\nK02;ΘΕΣΣΑΛΟΝΙΚΗ\nK03;ΦΟΥΡΝΟΣ\nK04;ΚΑΦΕ\nK05;ΠΑΤΡΑ 5\n';
    const read = decodeText(encodeIn('windows-1253', text));
    expect(read.text).toBe(text);
    expect(read.warning).toContain('windows-1253 (Greek)');
  });

  it('still reads Russian, Ukrainian and Bulgarian capitals as Windows-1251', () => {
    const texts = [
      'id;name\nK01;ООО РОМАШКА\nK02;ИП ИВАНОВ\nK03;ЗАО ХЛЕБ\nK04;МАГАЗИН 5\n',
      'id;name\nK01;ТОВ ХЛІБ\nK02;КИЇВ МЕТРО\nK03;ЛЬВІВ ПЕКАРНЯ\n',
      'id;name\nK01;ЕТ ПЕТЪР ИВАНОВ\nK02;СОФИЯ СКЛАД\nK03;ПЛОВДИВ\n',
      // Not an А nor an О, but Ь and Ы: no Greek capital is at their bytes.
      'id;name\nK01;ИП КУЗЬМИН\nK02;ИП ЛЕБЕДЕВ\nK03;ЦЕХ РЫБЫ\n',
    ];
    for (const text of texts) {
      const read = decodeText(encodeIn('windows-1251', text));
      expect(read.text).toBe(text);
      expect(read.warning).toContain('windows-1251 (Cyrillic)');
    }
  });
});
