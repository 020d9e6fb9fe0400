/**
 * A small streaming XML reader for the parts of an xlsx we read (workbook, relations, styles,
 * shared strings, the first worksheet), written for one bound: it never holds a text, tag or
 * comment longer than `maxPiece` characters, however the file was made. Parsers that keep a piece
 * until its end arrives (saxes under exceljs's reader) held a 300 MB shared string whole (2.9 GB,
 * 67 s) before anybody could look at its length.
 *
 * What xlsx parts use: elements (a prefix such as `x:` dropped from names), attributes in quotes,
 * text with the five named entities and numeric ones, CDATA, comments and processing instructions
 * (skipped). A DOCTYPE is refused: no xlsx has one, and it is where entity expansion lives.
 */
export interface XmlHandler {
  open(name: string, attributes: Record<string, string>): void;
  close(name: string): void;
  text(text: string): void;
}

/** The XML is not what an xlsx part can be; `inText`: a text longer than the limit (a cell too long, for the user). */
export class XmlRefused extends Error {
  constructor(readonly inText: boolean) {
    super(inText ? 'text too long' : 'malformed XML');
  }
}

const TAG = /<(\/?)([^\s/>]+)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/y;
const ATTRIBUTE = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const ENTITY = /&(?:#x([0-9a-fA-F]{1,6})|#([0-9]{1,7})|(lt|gt|amp|quot|apos));/g;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function entity(whole: string, hex: string | undefined, decimal: string | undefined, name: string | undefined): string {
  if (name) return NAMED[name];
  const code = hex ? Number.parseInt(hex, 16) : Number(decimal);
  return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
}

export const decodeEntities = (text: string) => (text.includes('&') ? text.replace(ENTITY, entity) : text);

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

export class XmlReader {
  private pending = '';

  constructor(
    private readonly handler: XmlHandler,
    private readonly maxPiece: number,
  ) {}

  write(chunk: string): void {
    const s = this.pending + chunk;
    let at = 0;
    for (;;) {
      const lt = s.indexOf('<', at);
      if (lt < 0) break; // text whose end has not arrived yet
      if (lt > at) this.handler.text(decodeEntities(s.slice(at, lt)));
      at = lt;
      const end = this.markupEnd(s, at);
      if (end < 0) break;
      at = end;
    }
    this.pending = s.slice(at);
    if (this.pending.length > this.maxPiece) throw new XmlRefused(!this.pending.startsWith('<'));
  }

  /** The end of the document: anything left unfinished is a broken part. */
  end(): void {
    if (this.pending.trim() !== '') throw new XmlRefused(false);
  }

  /** Handles the markup at `at` and answers where it ends, or -1 when it has not fully arrived. */
  private markupEnd(s: string, at: number): number {
    const next = s.charCodeAt(at + 1);
    if (next === 0x21 || next === 0x3f || Number.isNaN(next)) return this.otherMarkupEnd(s, at); // <! <? or a lone <
    TAG.lastIndex = at;
    const tag = TAG.exec(s);
    if (!tag) return -1; // not arrived yet; a malformed tag stays pending until end() or the limit refuses it
    const [, closing, name, attributeText, selfClosing] = tag;
    if (closing) {
      this.handler.close(localName(name));
    } else {
      const attributes: Record<string, string> = {};
      if (attributeText) for (const [, key, double, single] of attributeText.matchAll(ATTRIBUTE)) attributes[key] = decodeEntities(double ?? single);
      this.handler.open(localName(name), attributes);
      if (selfClosing) this.handler.close(localName(name));
    }
    return TAG.lastIndex;
  }

  /** Comments and processing instructions (skipped), CDATA (text), DOCTYPE (refused). */
  private otherMarkupEnd(s: string, at: number): number {
    const rest = s.slice(at, at + 9);
    if (rest.length < 9 && ['<!--', '<![CDATA[', '<?'].some((open) => open.startsWith(rest))) return -1; // cut by the chunk
    const skip = (open: string, close: string) => {
      const end = s.indexOf(close, at + open.length);
      return end < 0 ? -1 : end + close.length;
    };
    if (rest.startsWith('<!--')) return skip('<!--', '-->');
    if (rest.startsWith('<?')) return skip('<?', '?>');
    if (!rest.startsWith('<![CDATA[')) throw new XmlRefused(false);
    const end = skip('<![CDATA[', ']]>');
    if (end >= 0) this.handler.text(s.slice(at + 9, end - 3));
    return end;
  }
}
