import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readInstanceFile } from '../../../src/main/vrp/io/index.js';
import { decodeText } from '../../../src/shared/text-decoding.js';

const text = 'id,name\nD,Depot\n1,Café Straße 5 €';
const utf16 = (littleEndian: boolean, of = text) => {
  const bytes = new Uint8Array(2 + of.length * 2);
  const view = new DataView(bytes.buffer);
  view.setUint16(0, 0xfeff, littleEndian);
  for (let i = 0; i < of.length; i++) view.setUint16(2 + 2 * i, of.charCodeAt(i), littleEndian);
  return bytes;
};
// Windows-1252: é = E9, ß = DF, € = 80 (one byte each, none of them valid UTF-8 here).
const cp1252 = Uint8Array.from(text, (ch) => ({ é: 0xe9, ß: 0xdf, '€': 0x80 })[ch] ?? ch.charCodeAt(0));

describe('decoding a spreadsheet file', () => {
  it('reads UTF-8 with or without its mark, UTF-16 by its mark, and Windows-1252 where the bytes are not UTF-8', () => {
    const utf8 = new TextEncoder().encode(text);
    expect(decodeText(utf8)).toEqual({ text });
    expect(decodeText(Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8])).text).toBe(text);
    expect(decodeText(utf16(true)).text).toBe(text);
    expect(decodeText(utf16(false)).text).toBe(text);
    expect(decodeText(cp1252).text).toBe(text);
  });

  it('reads UTF-16 written without its mark (both byte orders)', () => {
    expect(decodeText(utf16(true).slice(2)).text).toBe(text);
    expect(decodeText(utf16(false).slice(2)).text).toBe(text);
    // Plain ASCII never has zero bytes: it is not taken for UTF-16.
    expect(decodeText(new TextEncoder().encode('id,x\nD,0\n')).text).toBe('id,x\nD,0\n');
  });

  it('reads UTF-16 without its mark when most letters are Greek or Chinese, or a stray byte makes the length odd', () => {
    const utf16Of = (t: string, littleEndian: boolean) => utf16(littleEndian, t).slice(2);
    const greek = 'id,name,address\nD,Κεντρική αποθήκη,Οδός Πειραιώς 100 Αθήνα\n1,Ψαράδικο Ωρωπός,Λεωφόρος Συγγρού\n';
    const chinese = 'id,name\nD,仓库\n1,北京市朝阳区建国路八十八号华贸中心写字楼\n';
    expect(decodeText(utf16Of(greek, true))).toEqual({ text: greek });
    expect(decodeText(utf16Of(greek, false))).toEqual({ text: greek });
    expect(decodeText(utf16Of(chinese, true))).toEqual({ text: chinese });
    // A line break appended by another program, one byte long.
    expect(decodeText(Uint8Array.from([...utf16Of(text, true), 0x0a]))).toEqual({ text });
  });

  it('does not take binary data for UTF-16: zero bytes on both sides, or no line break nor separator once read', () => {
    const binary = Uint8Array.from({ length: 64 }, (_, i) => (i % 3 === 0 ? 0 : 0x41 + (i % 7)));
    expect(decodeText(binary).text).toBe(new TextDecoder('latin1').decode(binary));
    const noSeparators = utf16(true, 'abcdefghij').slice(2);
    expect(decodeText(noSeparators).text).toContain('\u0000');
  });

  it('imports a CSV that a spreadsheet saved in Windows-1252 with its names intact', () => {
    const csv = ['id,name,x,y,demand,ready,due,service', 'D,Dépôt,0,0,0,0,1000,0', '1,Bäckerei Straße,3,4,5,10,500,2'].join('\n');
    const path = join(mkdtempSync(join(tmpdir(), 'jampr-cp1252-')), 'day.csv');
    writeFileSync(
      path,
      Uint8Array.from(csv, (ch) => ({ é: 0xe9, ô: 0xf4, ä: 0xe4, ß: 0xdf })[ch] ?? ch.charCodeAt(0)),
    );
    const instance = readInstanceFile(path, { capacity: 50 });
    expect(instance.customers[0].name).toBe('Bäckerei Straße');
    expect(instance.depot.name).toBe('Dépôt');
  });

  it('reads a file whose rows mix UTF-8 and Windows-1252 line by line, so neither comes out garbled', () => {
    const utf8 = new TextEncoder().encode('id,name\nD,Lager Süd\nC1,Müller\n');
    const cp1252 = Uint8Array.from('C2,Bäcker Weiß\n', (ch) => ({ ä: 0xe4, ß: 0xdf })[ch] ?? ch.charCodeAt(0));
    expect(decodeText(new Uint8Array([...utf8, ...cp1252])).text).toBe('id,name\nD,Lager Süd\nC1,Müller\nC2,Bäcker Weiß\n');
  });

  it('reads a Windows-1252 line whose bytes happen to be valid UTF-8 as 1252 when UTF-8 makes no word of it', () => {
    // ß’ is DF 92 in Windows-1252, and DF 92 is UTF-8 for the N'Ko letter ߒ: "Weiߒsche".
    const toCp1252 = (t: string) => Uint8Array.from(t, (ch) => ({ ä: 0xe4, ß: 0xdf, '’': 0x92 })[ch] ?? ch.charCodeAt(0));
    const all = 'id,name\nK01,Weiß’sche Apotheke\nK02,Strauß’ Bistro\nK03,Post\n';
    expect(decodeText(toCp1252(all))).toMatchObject({
      text: all,
      warning: expect.stringContaining("Windows-1252 (Western European), as in 'Weiß’sche'"),
    });
    const mixed = new Uint8Array([...new TextEncoder().encode('id,name\nD,Lager Süd\n'), ...toCp1252('C1,Weiß’sche\n')]);
    expect(decodeText(mixed).text).toBe('id,name\nD,Lager Süd\nC1,Weiß’sche\n');
    // Real UTF-8 with letters of other scripts beside Latin ones in a word of their own stays UTF-8.
    const other = 'id,name\n1,שלום Shop\n2,مرحبا Store\n3,10 µm Filter\n';
    expect(decodeText(new TextEncoder().encode(other))).toEqual({ text: other });
  });

  it('says nothing of how it read a file that is not text: such a file is refused as binary where it is read', () => {
    // An .xlsx renamed .csv: a zip archive's header, control bytes, and bytes beyond ASCII that are not UTF-8.
    const zip = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x01, 0x06, 0x02, 0xe4, 0xfc, 0xdf, 0x92, 0x0a, 0x41, 0xf6, 0x8e, 0xc3]);
    expect(decodeText(zip).warning).toBeUndefined();
  });
});
