import { readFile } from 'node:fs/promises';
import { validateXML } from 'xmllint-wasm';

/**
 * Validates a document against the ISO 20022 camt.053.001.08 XSD with libxml2 compiled to
 * WebAssembly (xmllint-wasm): the real schema validator, no system package needed.
 */
const XSD_PATH = new URL('../fixtures/formats/camt.053.001.08.xsd', import.meta.url);
let xsd: Promise<string> | undefined;

export async function camtSchemaErrors(xml: string): Promise<string[]> {
  xsd ??= readFile(XSD_PATH, 'utf8');
  const result = await validateXML({
    xml: [{ fileName: 'export.xml', contents: xml }],
    schema: [{ fileName: 'camt.053.001.08.xsd', contents: await xsd }],
  });
  return result.valid ? [] : result.errors.map((e) => e.rawMessage);
}
