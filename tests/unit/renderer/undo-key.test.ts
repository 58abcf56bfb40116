import { describe, expect, it } from 'vitest';
import { type KeyPress, undoKeyOf } from '../../../src/renderer/state/undo-key.js';

const press = (key: string, mods: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

describe('the keys of Undo and Redo', () => {
  it('reads Ctrl+Z as Undo, Ctrl+Shift+Z and Ctrl+Y as Redo, with Cmd on a Mac and with Caps Lock on', () => {
    expect(undoKeyOf(press('z', { ctrlKey: true }))).toBe('undo');
    expect(undoKeyOf(press('Z', { ctrlKey: true }))).toBe('undo');
    expect(undoKeyOf(press('z', { metaKey: true }))).toBe('undo');
    expect(undoKeyOf(press('Z', { ctrlKey: true, shiftKey: true }))).toBe('redo');
    expect(undoKeyOf(press('y', { ctrlKey: true }))).toBe('redo');
    expect(undoKeyOf(press('y', { metaKey: true }))).toBe('redo');
  });

  it('leaves other keys alone: a plain z typed, Alt shortcuts, Ctrl with other letters', () => {
    expect(undoKeyOf(press('z'))).toBeNull();
    expect(undoKeyOf(press('Z', { shiftKey: true }))).toBeNull();
    expect(undoKeyOf(press('z', { ctrlKey: true, altKey: true }))).toBeNull();
    expect(undoKeyOf(press('Y', { ctrlKey: true, shiftKey: true }))).toBeNull();
    expect(undoKeyOf(press('a', { ctrlKey: true }))).toBeNull();
    expect(undoKeyOf(press('Enter', { ctrlKey: true }))).toBeNull();
  });
});
