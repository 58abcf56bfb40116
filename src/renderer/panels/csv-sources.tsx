/** The two ways a CSV file arrives: the "Import CSV" button's file picker, and a drop anywhere on the window. */
import { useEffect, useRef, useState } from 'react';
import { IMPORT_FILE_TYPES, IMPORT_READS } from '../../shared/import-files.js';

/** "The Import reads …" as the button's tooltip, a sentence of its own. */
const PICKER_TITLE = `${IMPORT_READS.charAt(0).toUpperCase()}${IMPORT_READS.slice(1)}.`;

/** The "Import CSV" button with its hidden file input. */
export function CsvPickButton({ onFile }: { onFile(file: File): void }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button className="btn" data-testid="import-csv" title={PICKER_TITLE} onClick={() => input.current?.click()}>
        Import CSV
      </button>
      <input
        ref={input}
        type="file"
        accept={IMPORT_FILE_TYPES}
        hidden
        data-testid="csv-file-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
}

/** Window-wide drag and drop of a CSV file; shows a drop hint while a file is dragged over the window. */
export function CsvDropZone({ onFile }: { onFile(file: File): void }) {
  const [over, setOver] = useState(false);
  useEffect(() => {
    const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes('Files');
    const onOver = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      setOver(true);
    };
    const onLeave = (e: DragEvent) => {
      if (e.relatedTarget === null) setOver(false);
    };
    const onDrop = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      setOver(false);
      const file = e.dataTransfer?.files[0];
      if (file) onFile(file);
    };
    window.addEventListener('dragover', onOver);
    window.addEventListener('dragleave', onLeave);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('dragover', onOver);
      window.removeEventListener('dragleave', onLeave);
      window.removeEventListener('drop', onDrop);
    };
  }, [onFile]);
  return over ? (
    <div className="drop-overlay" data-testid="drop-overlay">
      Drop a CSV file to preview it
    </div>
  ) : null;
}
