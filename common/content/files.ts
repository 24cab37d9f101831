// Uploaded files are referenced in content as file0, file1 … (docs/product/boards.md#content), in the order the post
// lists its files, so the text does not change when storage moves. This swaps them for
// download addresses when the content is shown.
import { escapeHtml } from './escape.js';
import { fileDownloadUrl, fileRefIndex, safeImageSrc } from './urls.js';

// Only the quoted src of an img and href of an a, as the sanitiser writes them.
const REF = /(<img\b[^>]*?\ssrc="|<a\b[^>]*?\shref=")(file\d{1,2})"/g;

/**
 * Replaces src="fileN" (images) and href="fileN" (links) in sanitised HTML with the address of
 * fileKeys[N]. References past the end of the list are left as they are.
 */
export function resolveFileRefs(
  html: string,
  fileKeys: readonly string[],
  fileUrl: (fileKey: string) => string = fileDownloadUrl,
): string {
  return html.replace(REF, (whole, head: string, ref: string) => {
    const key = fileKeys[fileRefIndex(ref) ?? -1];
    if (key === undefined) return whole;
    const url = safeImageSrc(fileUrl(key));
    if (!url || fileRefIndex(url) !== null) return whole;
    return `${head}${escapeHtml(url)}"`;
  });
}
