import { describe, expect, it } from 'vitest';
import { assignable, checkLink, portType, typeLabel } from './ports';

describe('port type compatibility', () => {
  it('refuses a File output feeding an int input, accepts File → File and int → double', () => {
    expect(checkLink('File', 'int')).toMatchObject({ ok: false, reason: 'type_mismatch', src: 'File', sink: 'int' });
    expect(checkLink('File', 'File')).toEqual({ ok: true });
    expect(checkLink('int', 'double')).toEqual({ ok: true });
    expect(checkLink('double', 'int').ok).toBe(false);
    expect(checkLink('stdout', 'File')).toEqual({ ok: true });
  });
  it('needs scatter for an array feeding its item type, and linkMerge for an item feeding an array', () => {
    expect(checkLink('File[]', 'File')).toMatchObject({ ok: false, reason: 'needs_scatter' });
    expect(checkLink('File[]', 'File', { scattered: true })).toEqual({ ok: true });
    expect(checkLink('File', 'File', { scattered: true })).toMatchObject({ ok: false, reason: 'scatter_needs_array' });
    expect(checkLink('File', 'File[]')).toMatchObject({ ok: false, reason: 'needs_link_merge' });
    expect(checkLink('File', 'File[]', { linkMerge: 'merge_nested' })).toEqual({ ok: true });
    expect(checkLink('File[]', 'File[]', { linkMerge: 'merge_flattened', multipleSources: true })).toEqual({ ok: true });
    expect(checkLink('int', 'File[]', { linkMerge: 'merge_flattened' }).ok).toBe(false);
  });
  it('handles optional types, pickValue, enums, records and Any', () => {
    expect(checkLink('File?', 'File').ok).toBe(false);
    expect(checkLink('File?', 'File', { pickValue: 'first_non_null' })).toEqual({ ok: true });
    expect(checkLink('File', 'File?')).toEqual({ ok: true });
    expect(checkLink({ type: 'enum', symbols: ['#a/x', '#a/y'] }, 'string')).toEqual({ ok: true });
    expect(checkLink('string', { type: 'enum', symbols: ['x'] }).ok).toBe(false);
    expect(checkLink('File', 'Any')).toEqual({ ok: true });
    const rec = { type: 'record', fields: [{ name: 'a', type: 'int' }] };
    expect(assignable(portType(rec), portType({ type: 'record', fields: { a: 'long' } }))).toBe(true);
    expect(typeLabel(portType(['null', { type: 'array', items: 'File' }]))).toBe('File[]?');
    expect(typeLabel(portType('int?'))).toBe('int?');
    // a SchemaDef name the designer cannot resolve is left to cwltool at save: Any here, never an exception
    expect(checkLink('File', '#MyRecord')).toEqual({ ok: true });
    expect(checkLink('File', { type: 'record', fields: 'oops' }).ok).toBe(false);
  });
});
