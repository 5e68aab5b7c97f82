// Array parameters in PostgreSQL's binary form (array_recv), for the columns of a passages write
// (write.ts): node-postgres sends a Buffer parameter as binary, so the database reads each
// element after its length instead of scanning a 10 MB file's text for quotes and backslashes
// (array_in), and this thread writes the strings as they are instead of escaping every element.
import { endianness } from 'node:os';

const TEXT_OID = 25;
const INT4_OID = 23;
const HEADER_BYTES = 20;

function header(count: number, hasNulls: boolean, oid: number, into: Buffer) {
  into.writeInt32BE(1, 0); // dimensions
  into.writeInt32BE(hasNulls ? 1 : 0, 4);
  into.writeUInt32BE(oid, 8);
  into.writeInt32BE(count, 12);
  into.writeInt32BE(1, 16); // lower bound
}

/** A text[] parameter of these values; null and undefined are NULL, as node-postgres sends them. */
export function textArrayBytes(values: readonly (string | null | undefined)[]): Buffer {
  // At most 3 bytes a UTF-16 unit in UTF-8; the buffer is cut to what was written.
  let bound = HEADER_BYTES;
  for (const v of values) bound += 4 + (v == null ? 0 : 3 * v.length);
  const out = Buffer.allocUnsafe(bound);
  header(
    values.length,
    values.some((v) => v == null),
    TEXT_OID,
    out,
  );
  let at = HEADER_BYTES;
  for (const v of values) {
    if (v == null) {
      at = out.writeInt32BE(-1, at);
      continue;
    }
    const length = out.write(v, at + 4, 'utf8');
    out.writeInt32BE(length, at);
    at += 4 + length;
  }
  return out.subarray(0, at);
}

/** An int4[] parameter of these values (each a 32-bit integer); null and undefined are NULL. */
export function int4ArrayBytes(values: ArrayLike<number | null | undefined>): Buffer {
  let hasNulls = false;
  for (let i = 0; i < values.length; i++) if (values[i] == null) hasNulls = true;
  if (!hasNulls && LITTLE_ENDIAN) return int4ArrayOfInts(values as ArrayLike<number>);
  const out = Buffer.allocUnsafe(HEADER_BYTES + 8 * values.length);
  header(values.length, hasNulls, INT4_OID, out);
  let at = HEADER_BYTES;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v == null) at = out.writeInt32BE(-1, at);
    else at = out.writeInt32BE(int4(v), out.writeInt32BE(4, at));
  }
  return out.subarray(0, at);
}

const LITTLE_ENDIAN = endianness() === 'LE';

/**
 * The same without nulls, each element's length and value written in this machine's order and
 * swapped to network order in one native pass: a large put's segment sends some 650,000 offsets a
 * 5 MB CSV. Written one by one they took 20-25 ms a file, 557 ms of the 3.3 s the server spent
 * on the rows of 30 such files (CPU profile); this way 4-5 ms for as many offsets.
 */
function int4ArrayOfInts(values: ArrayLike<number>): Buffer {
  // Its own memory, not a slice of the pool: an Int32Array over it must start on a 4-byte boundary.
  const out = Buffer.allocUnsafeSlow(HEADER_BYTES + 8 * values.length);
  const words = new Int32Array(out.buffer, out.byteOffset + HEADER_BYTES, 2 * values.length);
  for (let i = 0; i < values.length; i++) {
    words[2 * i] = 4;
    words[2 * i + 1] = int4(values[i]);
  }
  out.subarray(HEADER_BYTES).swap32();
  header(values.length, false, INT4_OID, out);
  return out;
}

function int4(v: number): number {
  if ((v | 0) !== v) throw new RangeError(`not a 32-bit integer: ${v}`);
  return v;
}

const INT8_OID = 20;
/** An int8 array element: its length (8), then the value's high and low halves. */
export const INT8_ELEMENT_BYTES = 12;

/** An int8[] parameter around `count` elements already in binary form (INT8_ELEMENT_BYTES each, no NULL). */
export function int8ArrayOf(count: number, elements: Uint8Array | Uint8Array[]): Buffer {
  const head = Buffer.allocUnsafe(HEADER_BYTES);
  header(count, false, INT8_OID, head);
  return Buffer.concat([head, ...(Array.isArray(elements) ? elements : [elements])]);
}

const TWO_TO_32 = 2 ** 32;

/** Writes a non-negative safe integer as an int8 array element at `at`; returns where the next begins. */
function writeInt8Element(value: number, into: Buffer, at: number): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`not a non-negative safe integer: ${value}`);
  const next = into.writeInt32BE(8, at);
  return into.writeUInt32BE(value % TWO_TO_32, into.writeUInt32BE(Math.floor(value / TWO_TO_32), next));
}

/** An int8[] parameter of these non-negative safe integers. */
export function int8ArrayBytes(values: readonly number[]): Buffer {
  const elements = Buffer.allocUnsafe(INT8_ELEMENT_BYTES * values.length);
  for (let i = 0, at = 0; i < values.length; i++) at = writeInt8Element(values[i], elements, at);
  return int8ArrayOf(values.length, elements);
}
