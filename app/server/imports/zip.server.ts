/**
 * Reading a ZIP that lies in R2 without ever holding it whole: the end-of-central-directory
 * record (the file's last bytes), then the central directory, then each entry by its own range,
 * inflated as it streams (fflate). ZIP64 (archives over 4 GB or 65,535 entries) is read too.
 */
import { Inflate } from "fflate";
import { InvalidError } from "~/domain/errors";
import { importMessages } from "~/i18n/imports";

export type ZipEntry = {
  name: string;
  /** 0 stored, 8 deflated; anything else is refused when read. */
  method: number;
  encrypted: boolean;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
};

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
/** The end record is 22 bytes plus a comment of at most 65,535. */
const TAIL_BYTES = 22 + 0xffff;

async function range(bucket: R2Bucket, key: string, offset: number, length: number): Promise<DataView> {
  const object = await bucket.get(key, { range: { offset, length } });
  if (!object) throw new InvalidError(importMessages.sourceGone);
  return new DataView(await object.arrayBuffer());
}

const u64 = (view: DataView, at: number) => Number(view.getBigUint64(at, true));

/** The entries of the ZIP stored under `key` (`size` bytes), from its central directory. */
export async function readZipDirectory(bucket: R2Bucket, key: string, size: number): Promise<ZipEntry[]> {
  if (size < 22) throw new InvalidError(importMessages.notZip);
  const tailStart = Math.max(0, size - TAIL_BYTES);
  const tail = await range(bucket, key, tailStart, size - tailStart);
  let end = -1;
  for (let at = tail.byteLength - 22; at >= 0; at--) {
    if (tail.getUint32(at, true) === EOCD) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new InvalidError(importMessages.notZip);
  let count = tail.getUint16(end + 10, true);
  let directorySize = tail.getUint32(end + 12, true);
  let directoryOffset = tail.getUint32(end + 16, true);
  if (count === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) {
    const locator = end - 20;
    if (locator < 0 || tail.getUint32(locator, true) !== ZIP64_LOCATOR) throw new InvalidError(importMessages.notZip);
    const record = await range(bucket, key, u64(tail, locator + 8), 56);
    if (record.getUint32(0, true) !== ZIP64_EOCD) throw new InvalidError(importMessages.notZip);
    count = u64(record, 32);
    directorySize = u64(record, 40);
    directoryOffset = u64(record, 48);
  }
  if (directoryOffset + directorySize > size) throw new InvalidError(importMessages.notZip);
  const directory = directorySize > 0 ? await range(bucket, key, directoryOffset, directorySize) : new DataView(new ArrayBuffer(0));
  const utf8 = new TextDecoder("utf-8");
  const entries: ZipEntry[] = [];
  let at = 0;
  for (let index = 0; index < count; index++) {
    if (at + 46 > directory.byteLength || directory.getUint32(at, true) !== CENTRAL) throw new InvalidError(importMessages.notZip);
    const flags = directory.getUint16(at + 8, true);
    const nameLength = directory.getUint16(at + 28, true);
    const extraLength = directory.getUint16(at + 30, true);
    const commentLength = directory.getUint16(at + 32, true);
    let compressedSize = directory.getUint32(at + 20, true);
    let entrySize = directory.getUint32(at + 24, true);
    let localHeaderOffset = directory.getUint32(at + 42, true);
    const name = utf8.decode(new Uint8Array(directory.buffer, directory.byteOffset + at + 46, nameLength));
    // ZIP64: the fields that overflowed are in the extra field 0x0001, in this order.
    let extra = at + 46 + nameLength;
    const extraEnd = extra + extraLength;
    while (extra + 4 <= extraEnd) {
      const id = directory.getUint16(extra, true);
      const length = directory.getUint16(extra + 2, true);
      if (id === 0x0001) {
        let field = extra + 4;
        if (entrySize === 0xffffffff) (entrySize = u64(directory, field)), (field += 8);
        if (compressedSize === 0xffffffff) (compressedSize = u64(directory, field)), (field += 8);
        if (localHeaderOffset === 0xffffffff) localHeaderOffset = u64(directory, field);
      }
      extra += 4 + length;
    }
    entries.push({ name, method: directory.getUint16(at + 10, true), encrypted: (flags & 1) === 1, compressedSize, size: entrySize, localHeaderOffset });
    at = extraEnd + commentLength;
  }
  return entries;
}

/** The entry's bytes, inflated as they stream from R2 (one R2 chunk and its output in memory at a time). */
export async function* zipEntryChunks(bucket: R2Bucket, key: string, entry: ZipEntry): AsyncGenerator<Uint8Array> {
  if (entry.encrypted || (entry.method !== 0 && entry.method !== 8)) throw new InvalidError(importMessages.entryUnreadable(entry.name));
  const header = await range(bucket, key, entry.localHeaderOffset, 30);
  const dataStart = entry.localHeaderOffset + 30 + header.getUint16(26, true) + header.getUint16(28, true);
  if (entry.compressedSize === 0) return;
  const object = await bucket.get(key, { range: { offset: dataStart, length: entry.compressedSize } });
  if (!object) throw new InvalidError(importMessages.sourceGone);
  const reader = (object as R2ObjectBody).body.getReader();
  let output: Uint8Array[] = [];
  const inflater = entry.method === 8 ? new Inflate((chunk) => output.push(chunk)) : null;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!inflater) {
      yield value;
      continue;
    }
    inflater.push(value, false);
    const ready = output;
    output = [];
    yield* ready;
  }
  if (inflater) {
    inflater.push(new Uint8Array(0), true);
    yield* output;
  }
}

/** A small entry (the manifest) whole. */
export async function readZipEntry(bucket: R2Bucket, key: string, entry: ZipEntry): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let length = 0;
  for await (const chunk of zipEntryChunks(bucket, key, entry)) {
    parts.push(chunk);
    length += chunk.byteLength;
  }
  const whole = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.byteLength;
  }
  return whole;
}
