/**
 * The public HL7 v2 corpus under fixtures/hl7-corpus: every message file has its provenance
 * (a licence we may redistribute and the URL it came from) and its entry in corpus.json, the
 * manifest's MSH fields are what the file holds, and the corpus still covers what the HL7 tests
 * lean on: every version from 2.2 to 2.8, several originating systems, enough messages.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const CORPUS = fileURLToPath(new URL('./fixtures/hl7-corpus/', import.meta.url));
/** File-level licences that an Apache-2.0 project may ship beside its own code. */
const REDISTRIBUTABLE = ['MIT', 'BSD-3-Clause', 'Apache-2.0', 'MPL-1.1', 'MPL-2.0'];
const VERSIONS = ['2.2', '2.3', '2.3.1', '2.4', '2.5', '2.5.1', '2.6', '2.7', '2.8'];

interface CorpusMessage {
  readonly type: string;
  readonly controlId: string;
  readonly sendingApplication: string;
  readonly sendingFacility: string;
  readonly receivingFacility: string;
  readonly processingId: string;
  readonly charset: string;
}

interface CorpusEntry {
  readonly id: string;
  readonly file: string;
  readonly version: string;
  readonly messages: readonly CorpusMessage[];
  readonly batch: boolean;
  readonly system: string;
  readonly licence: string;
  readonly source: string;
}

const manifest = JSON.parse(readFileSync(path.join(CORPUS, 'corpus.json'), 'utf8')) as CorpusEntry[];
const names = readdirSync(CORPUS);
const idsWith = (suffix: string) =>
  names.filter((name) => name.endsWith(suffix)).map((name) => name.slice(0, -suffix.length));

/** The file's text: UTF-8 where its bytes are UTF-8, else ISO-8859-1 (one byte, one character). */
function textOf(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return bytes.toString('latin1');
  }
}

/** Each MSH of a file as the manifest describes it, read with the separators that MSH declares. */
function mshFields(segments: readonly string[]): { version: string; message: CorpusMessage }[] {
  return segments
    .filter((segment) => segment.startsWith('MSH'))
    .map((segment) => {
      const fields = segment.split(segment.charAt(3));
      const field = (n: number) => fields[n - 1] ?? '';
      const first = (n: number) => field(n).split(field(2).charAt(0) || '^')[0] ?? '';
      return {
        version: field(12),
        message: {
          type: field(9),
          controlId: field(10),
          sendingApplication: first(3),
          sendingFacility: first(4),
          receivingFacility: first(6),
          processingId: first(11),
          charset: field(18),
        },
      };
    });
}

/** A `- **Label:** value` line of a source.md, or undefined. */
function sourceLine(markdown: string, label: string): string | undefined {
  return new RegExp(`^- \\*\\*${label}:\\*\\* (.+)$`, 'm').exec(markdown)?.[1]?.trim();
}

describe('the HL7 v2 corpus fixtures', () => {
  it('pairs every message file with a source.md and a manifest entry, and nothing else', () => {
    const messages = idsWith('.hl7').sort();
    expect(messages.length).toBeGreaterThan(0);
    expect(idsWith('.source.md').sort()).toEqual(messages);
    expect(manifest.map((entry) => entry.id).sort()).toEqual(messages);
    for (const entry of manifest) expect(entry.file).toBe(`${entry.id}.hl7`);
    const others = names.filter((name) => !name.endsWith('.hl7') && !name.endsWith('.source.md'));
    expect(others.sort()).toEqual(['README.md', 'corpus.json', 'expected.json']);
  });

  it('names for every file a redistributable licence and the URL it was copied from', () => {
    const problems: string[] = [];
    for (const entry of manifest) {
      const sourceFile = path.join(CORPUS, `${entry.id}.source.md`);
      const markdown = existsSync(sourceFile) ? readFileSync(sourceFile, 'utf8') : '';
      const licence = sourceLine(markdown, 'Licence');
      const url = sourceLine(markdown, 'URL');
      if (!REDISTRIBUTABLE.includes(entry.licence)) problems.push(`${entry.id}: licence ${entry.licence}`);
      if (!licence?.includes(entry.licence)) problems.push(`${entry.id}: source.md licence ${licence}`);
      if (!url?.startsWith('https://')) problems.push(`${entry.id}: source.md URL ${url}`);
      if (url !== entry.source)
        problems.push(`${entry.id}: manifest source ${entry.source}, source.md ${url}`);
    }
    expect(problems).toEqual([]);
  });

  it("describes each file's MSH segments as the file holds them", () => {
    for (const entry of manifest) {
      const segments = textOf(readFileSync(path.join(CORPUS, entry.file))).split('\r');
      const found = mshFields(segments);
      expect({ id: entry.id, messages: found.map((m) => m.message) }).toEqual({
        id: entry.id,
        messages: entry.messages,
      });
      expect(new Set(found.map((m) => m.version)), entry.id).toEqual(new Set([entry.version]));
      const batch = segments.some((segment) => segment.startsWith('FHS') || segment.startsWith('BHS'));
      expect(batch, entry.id).toBe(entry.batch);
    }
  });

  it('covers every version from 2.2 to 2.8, five or more systems and fifty or more messages', () => {
    const versions = new Set(manifest.map((entry) => entry.version.split('^')[0]));
    expect([...versions].sort()).toEqual(expect.arrayContaining(VERSIONS));
    expect(new Set(manifest.map((entry) => entry.system)).size).toBeGreaterThanOrEqual(5);
    const messages = manifest.reduce((sum, entry) => sum + entry.messages.length, 0);
    expect(messages).toBeGreaterThanOrEqual(50);
  });
});
