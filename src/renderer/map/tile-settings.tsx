/** Where map tiles for lat/lon instances come from: a URL template with {z}/{x}/{y}, kept on this machine. */
import { useState } from 'react';
import { Modal } from '../panels/modal.js';
import { DEFAULT_TILE_URL, getTileUrl, setTileUrl } from './base-layers.js';

export function TileSettings({ onClose, onSaved }: { onClose(): void; onSaved(): void }) {
  const [url, setUrl] = useState(getTileUrl());
  const valid = ['{z}', '{x}', '{y}'].every((part) => url.includes(part));
  const footer = (
    <>
      <button className="btn" onClick={() => setUrl(DEFAULT_TILE_URL)}>
        Default
      </button>
      <span className="spacer" />
      <button className="btn" onClick={onClose}>
        Cancel
      </button>
      <button
        className="btn btn-primary"
        disabled={!valid}
        data-testid="tile-url-save"
        onClick={() => {
          setTileUrl(url);
          onSaved();
        }}
      >
        Use these tiles
      </button>
    </>
  );
  return (
    <Modal title="Map tiles" onClose={onClose} footer={footer} testId="tile-settings">
      <p className="hint">
        Tiles are only used for latitude/longitude instances. Without network (or with a blocked server) the map shows the stops on a plain
        background.
      </p>
      <label className="field-block">
        <span>Tile URL template</span>
        <input value={url} onChange={(e) => setUrl(e.target.value)} data-testid="tile-url" spellCheck={false} />
      </label>
      {!valid && (
        <p className="text-bad">
          The template needs {'{z}'}, {'{x}'} and {'{y}'}.
        </p>
      )}
    </Modal>
  );
}
