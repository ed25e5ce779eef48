import { pipeline, Readable } from 'node:stream';
import { crc32, createDeflateRaw } from 'node:zlib';

type Bytes = Uint8Array | string;

/** One file of a ZIP. */
export interface ZipEntry {
  /** The path inside the archive (UTF-8). */
  name: string;
  /**
   * The bytes. A function or a generator is called or read only when the archive reaches the entry, so
   * 200,000 photos do not hold 200,000 files open.
   */
  data: Bytes | AsyncIterable<Bytes> | (() => AsyncIterable<Bytes>);
  /** Deflate the bytes (the default); photos, videos and PDFs gain little and cost CPU, so they are stored. */
  compress?: boolean;
}

const MAX_16 = 0xffff;
const MAX_32 = 0xffffffff;
/** Bit 3: sizes and CRC follow the data (streaming); bit 11: the name is UTF-8. */
const FLAGS = 0x0808;
const STORED = 0;
const DEFLATED = 8;
const VERSION = 20;
const VERSION_ZIP64 = 45;
/** Unix (3) in the high byte, so that the external attributes below are read as a file mode. */
const MADE_BY_UNIX = 3 << 8;
const FILE_MODE = (0o100644 << 16) >>> 0;
const DIRECTORY_BLOCK_BYTES = 64 * 1024;

interface Sizes {
  crc: number;
  raw: number;
  stored: number;
}

/** MS-DOS date and time, the only timestamp every unzip reads. */
function dosDateTime(date: Date) {
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | (date.getSeconds() >> 1),
    date: ((Math.max(date.getFullYear(), 1980) - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}
type DosDateTime = ReturnType<typeof dosDateTime>;

function localHeader(name: Buffer, method: number, when: DosDateTime): Buffer {
  const header = Buffer.alloc(30 + name.length);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(VERSION, 4);
  header.writeUInt16LE(FLAGS, 6);
  header.writeUInt16LE(method, 8);
  header.writeUInt16LE(when.time, 10);
  header.writeUInt16LE(when.date, 12);
  // CRC and sizes are 0 here: the data descriptor after the data carries them.
  header.writeUInt16LE(name.length, 26);
  name.copy(header, 30);
  return header;
}

/** The CRC and sizes after an entry's data; 64-bit sizes once an entry passes 4 GB. */
function dataDescriptor({ crc, raw, stored }: Sizes): Buffer {
  const wide = raw > MAX_32 || stored > MAX_32;
  const descriptor = Buffer.alloc(wide ? 24 : 16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(crc, 4);
  if (wide) {
    descriptor.writeBigUInt64LE(BigInt(stored), 8);
    descriptor.writeBigUInt64LE(BigInt(raw), 16);
  } else {
    descriptor.writeUInt32LE(stored, 8);
    descriptor.writeUInt32LE(raw, 12);
  }
  return descriptor;
}

/** An entry's central directory record, with a ZIP64 extra field for each value past 32 bits. */
function centralRecord(name: Buffer, method: number, when: DosDateTime, sizes: Sizes, offset: number): Buffer {
  const wide = [sizes.raw, sizes.stored, offset].filter((value) => value > MAX_32);
  const extraLength = wide.length > 0 ? 4 + 8 * wide.length : 0;
  const record = Buffer.alloc(46 + name.length + extraLength);
  record.writeUInt32LE(0x02014b50, 0);
  record.writeUInt16LE(MADE_BY_UNIX | VERSION_ZIP64, 4);
  record.writeUInt16LE(wide.length > 0 ? VERSION_ZIP64 : VERSION, 6);
  record.writeUInt16LE(FLAGS, 8);
  record.writeUInt16LE(method, 10);
  record.writeUInt16LE(when.time, 12);
  record.writeUInt16LE(when.date, 14);
  record.writeUInt32LE(sizes.crc, 16);
  record.writeUInt32LE(Math.min(sizes.stored, MAX_32), 20);
  record.writeUInt32LE(Math.min(sizes.raw, MAX_32), 24);
  record.writeUInt16LE(name.length, 28);
  record.writeUInt16LE(extraLength, 30);
  record.writeUInt32LE(FILE_MODE, 38);
  record.writeUInt32LE(Math.min(offset, MAX_32), 42);
  name.copy(record, 46);
  if (extraLength > 0) {
    const at = 46 + name.length;
    record.writeUInt16LE(0x0001, at);
    record.writeUInt16LE(extraLength - 4, at + 2);
    // The order is fixed by the format: uncompressed size, compressed size, local header offset.
    wide.forEach((value, i) => record.writeBigUInt64LE(BigInt(value), at + 4 + 8 * i));
  }
  return record;
}

/** The end records; ZIP64 ones too past 65,535 entries or 4 GB, with the classic fields saturated. */
function endOfArchive(entries: number, directorySize: number, directoryOffset: number): Buffer {
  const zip64 = entries > MAX_16 || directorySize > MAX_32 || directoryOffset > MAX_32;
  const end = Buffer.alloc((zip64 ? 56 + 20 : 0) + 22);
  let at = 0;
  if (zip64) {
    end.writeUInt32LE(0x06064b50, 0);
    end.writeBigUInt64LE(44n, 4);
    end.writeUInt16LE(MADE_BY_UNIX | VERSION_ZIP64, 12);
    end.writeUInt16LE(VERSION_ZIP64, 14);
    end.writeBigUInt64LE(BigInt(entries), 24);
    end.writeBigUInt64LE(BigInt(entries), 32);
    end.writeBigUInt64LE(BigInt(directorySize), 40);
    end.writeBigUInt64LE(BigInt(directoryOffset), 48);
    end.writeUInt32LE(0x07064b50, 56);
    end.writeBigUInt64LE(BigInt(directoryOffset + directorySize), 64);
    end.writeUInt32LE(1, 72);
    at = 76;
  }
  end.writeUInt32LE(0x06054b50, at);
  end.writeUInt16LE(Math.min(entries, MAX_16), at + 8);
  end.writeUInt16LE(Math.min(entries, MAX_16), at + 10);
  end.writeUInt32LE(Math.min(directorySize, MAX_32), at + 12);
  end.writeUInt32LE(Math.min(directoryOffset, MAX_32), at + 16);
  return end;
}

/**
 * The central directory, kept as the entries finish in 64 KB blocks: about 100 bytes an entry, so
 * 200,000 entries hold some 20 MB in a few hundred buffers (archiver held millions of small writes).
 */
class CentralDirectory {
  readonly blocks: Buffer[] = [];
  private block = Buffer.allocUnsafe(DIRECTORY_BLOCK_BYTES);
  private used = 0;
  entries = 0;
  size = 0;

  add(record: Buffer) {
    if (this.used + record.length > this.block.length) {
      this.blocks.push(this.block.subarray(0, this.used));
      this.block = Buffer.allocUnsafe(Math.max(DIRECTORY_BLOCK_BYTES, record.length));
      this.used = 0;
    }
    this.used += record.copy(this.block, this.used);
    this.entries += 1;
    this.size += record.length;
  }

  finish(): Buffer[] {
    return [...this.blocks, this.block.subarray(0, this.used)];
  }
}

const asBuffer = (bytes: Bytes) =>
  typeof bytes === 'string' ? Buffer.from(bytes) : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

async function* bytesOf(data: ZipEntry['data']): AsyncGenerator<Buffer> {
  if (typeof data === 'string' || data instanceof Uint8Array) {
    yield asBuffer(data);
    return;
  }
  for await (const chunk of typeof data === 'function' ? data() : data) yield asBuffer(chunk);
}

/** An entry's data as it goes into the archive, stored or deflated, counting the CRC and both sizes. */
async function* entryData(entry: ZipEntry, level: number, sizes: Sizes): AsyncGenerator<Buffer> {
  async function* counted() {
    for await (const chunk of bytesOf(entry.data)) {
      sizes.crc = crc32(chunk, sizes.crc);
      sizes.raw += chunk.length;
      yield chunk;
    }
  }
  // pipeline() passes an error of either side to the other; the loop below then throws it.
  const data =
    entry.compress === false ? counted() : pipeline(Readable.from(counted()), createDeflateRaw({ level }), () => {});
  for await (const chunk of data) {
    sizes.stored += (chunk as Buffer).length;
    yield chunk as Buffer;
  }
}

async function* zipBytes(entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>, level: number) {
  const directory = new CentralDirectory();
  const when = dosDateTime(new Date());
  let offset = 0;
  for await (const entry of entries) {
    const name = Buffer.from(entry.name);
    const method = entry.compress === false ? STORED : DEFLATED;
    const start = offset;
    const header = localHeader(name, method, when);
    offset += header.length;
    yield header;
    const sizes: Sizes = { crc: 0, raw: 0, stored: 0 };
    for await (const chunk of entryData(entry, level, sizes)) {
      offset += chunk.length;
      yield chunk;
    }
    const descriptor = dataDescriptor(sizes);
    offset += descriptor.length;
    yield descriptor;
    directory.add(centralRecord(name, method, when, sizes, start));
  }
  yield* directory.finish();
  yield endOfArchive(directory.entries, directory.size, offset);
}

/**
 * A ZIP (ZIP64 when it needs it) streamed as the reader reads: the next entry is asked for, and its
 * data opened, only when the reader has taken what came before, so a slow download holds back the
 * database cursors and files that feed `entries` instead of buffering. Destroying the stream (a reader
 * that went away) ends `entries` and the entry being read; an error in either destroys the stream.
 */
export function zipStream(entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>, { level = 6 } = {}): Readable {
  return Readable.from(zipBytes(entries, level), { objectMode: false });
}
