/**
 * The images the widget requests, written into the release folder under the paths it requests
 * them from (src/contract/contract.ts: FOOTER_IMAGES, NEWSLETTER_IMAGES), so that a static host serving
 * the folder serves them too. SVGs are minified and get .br and .gz copies like the scripts; the
 * JPEGs are compressed already and are copied as they are.
 */
import { readdir, readFile, writeFile, mkdir } from 'node:fs/promises'
import path from 'node:path'
import { FOOTER_IMAGES, NEWSLETTER_IMAGES } from '../../src/contract/contract.ts'
import { REPO_ROOT } from '../repo-root.ts'
import { writeWithCopies } from './output.ts'

/** Source folder in fixtures/images/ -> the path the widget requests its files from. */
const IMAGE_FOLDERS: Record<string, string> = {
  footer: FOOTER_IMAGES,
  'newsletter/newslettersubscriptionform': NEWSLETTER_IMAGES,
}

const IMAGES_ROOT = path.join(REPO_ROOT, 'fixtures/images')

/**
 * A number is rounded to tenths: the logos are drawn on grids of 20 to 96 units shown about as
 * many CSS pixels wide, so the error (at most .05 unit) stays under a fifth of a device pixel at 3x.
 */
function tidyNumber(text: string): string {
  const value = Number(Number(text).toFixed(1))
  const short = String(value)
  return short.replace(/^(-?)0\./, '$1.')
}

/** Comments, the XML declaration, whitespace between tags and long numbers go; nothing drawn changes. */
export function minifySvg(svg: string): string {
  return svg
    .replace(/<\?xml[^>]*\?>|<!--[\s\S]*?-->/g, '')
    .replace(/>\s+</g, '><')
    .replace(/-?\d*\.\d+/g, tidyNumber)
    .trim()
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
}

/** Writes every image into `publicRoot`; returns their paths there, for the build's log. */
export async function writeImages(publicRoot: string): Promise<string[]> {
  const written: string[] = []
  for (const [source, requestPath] of Object.entries(IMAGE_FOLDERS)) {
    const from = path.join(IMAGES_ROOT, source)
    for (const file of await filesUnder(from)) {
      const target = path.join(publicRoot, requestPath, file)
      const body = await readFile(path.join(from, file))
      if (file.endsWith('.svg'))
        await writeWithCopies(target, new TextEncoder().encode(minifySvg(body.toString('utf8'))))
      else {
        await mkdir(path.dirname(target), { recursive: true })
        await writeFile(target, body)
      }
      written.push(path.relative(publicRoot, target))
    }
  }
  return written
}
