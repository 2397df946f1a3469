import { JSDOM } from 'jsdom';

const { DOMParser } = new JSDOM().window;

/** `text` parsed as XML by a conforming parser (jsdom's); throws when it is not well-formed. */
export function parseXml(text: string): Document {
  const doc = new DOMParser().parseFromString(text, 'application/xml');
  const error = doc.getElementsByTagName('parsererror')[0];
  if (error) throw new Error(`not well-formed XML: ${error.textContent}`);
  return doc;
}

/** The text of each `<name>` child of each `<parent>` child of the root, one record per parent. */
export function records(doc: Document, parent: string, names: string[]) {
  return [...doc.documentElement.children]
    .filter((el) => el.localName === parent)
    .map((el) => {
      const children = [...el.children];
      return Object.fromEntries(
        names.map((name) => [
          name,
          children.find((child) => child.localName === name)?.textContent ?? undefined,
        ]),
      );
    });
}
