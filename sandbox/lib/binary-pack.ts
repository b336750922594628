/**
 * Packs a JSON header and named typed arrays into one buffer, and back without copying the
 * arrays. Used for the search-index cache, where 2.5 million postings as JSON numbers would
 * take longer to parse than to rebuild.
 *
 * Layout: uint32 header length, header JSON ({meta, arrays: [{name, kind, offset, length}]}),
 * zero padding to 8 bytes, then each array's bytes at an 8-byte aligned offset.
 */

type ArrayKind = "int32" | "uint32" | "uint16" | "float64";
export type PackedArray = Int32Array | Uint32Array | Uint16Array | Float64Array;

interface ArrayEntry {
  name: string;
  kind: ArrayKind;
  offset: number;
  length: number;
}

function kindOf(array: PackedArray): ArrayKind {
  if (array instanceof Int32Array) return "int32";
  if (array instanceof Uint32Array) return "uint32";
  if (array instanceof Uint16Array) return "uint16";
  return "float64";
}

const align = (value: number) => Math.ceil(value / 8) * 8;

export function pack(meta: unknown, arrays: Record<string, PackedArray>): Buffer {
  const entries: ArrayEntry[] = [];
  let offset = 0;
  for (const [name, array] of Object.entries(arrays)) {
    entries.push({ name, kind: kindOf(array), offset, length: array.length });
    offset = align(offset + array.byteLength);
  }
  const header = Buffer.from(JSON.stringify({ meta, arrays: entries }), "utf8");
  const dataStart = align(4 + header.length);
  const out = Buffer.alloc(dataStart + offset);
  out.writeUInt32LE(header.length, 0);
  header.copy(out, 4);
  for (const entry of entries) {
    const array = arrays[entry.name]!;
    Buffer.from(array.buffer, array.byteOffset, array.byteLength).copy(out, dataStart + entry.offset);
  }
  return out;
}

export function unpack<M>(bytes: Buffer): { meta: M; arrays: Map<string, PackedArray> } {
  const headerLength = bytes.readUInt32LE(0);
  const header = JSON.parse(bytes.toString("utf8", 4, 4 + headerLength)) as { meta: M; arrays: ArrayEntry[] };
  // Typed-array views need an aligned start; a pooled Buffer may not give one, so copy if so
  // (Buffer.alloc never comes from the pool).
  let base = bytes;
  if (bytes.byteOffset % 8 !== 0) {
    base = Buffer.alloc(bytes.length);
    bytes.copy(base);
  }
  const dataStart = base.byteOffset + align(4 + headerLength);
  const arrays = new Map<string, PackedArray>();
  for (const entry of header.arrays) {
    const start = dataStart + entry.offset;
    const view =
      entry.kind === "int32"
        ? new Int32Array(base.buffer, start, entry.length)
        : entry.kind === "uint32"
          ? new Uint32Array(base.buffer, start, entry.length)
          : entry.kind === "uint16"
            ? new Uint16Array(base.buffer, start, entry.length)
            : new Float64Array(base.buffer, start, entry.length);
    arrays.set(entry.name, view);
  }
  return { meta: header.meta, arrays };
}
