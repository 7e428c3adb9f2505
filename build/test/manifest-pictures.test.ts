/**
 * The manifest's newsletter pictures (build/product/pictures.ts): at every viewport width exactly
 * one preload's media query holds, and it names the file the block's <picture> chooses there, so
 * a host page that pastes them all loads one file, the one the widget shows.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { manifestPictures } from '../product/pictures.ts'
import { NEWSLETTER_PICTURES } from '../../src/newsletter/picture.ts'

/** A media query of `(min-width: Npx)` and `(max-width: Npx)` parts joined by "and", at `width`. */
function holds(media: string, width: number): boolean {
  return media.split(' and ').every((part) => {
    const [, kind, px] = /^\((min|max)-width: ([\d.]+)px\)$/.exec(part) ?? []
    if (!kind) throw new Error(`not understood: ${part}`)
    return kind === 'min' ? width >= Number(px) : width <= Number(px)
  })
}

/** What <picture> does: the first <source> whose media holds, else the <img>. */
const chosen = (width: number) =>
  NEWSLETTER_PICTURES.find(([media]) => !media || holds(media, width))![1]

test('one preload per width (in quarter pixels), the <picture> choice', () => {
  const pictures = manifestPictures('/static/')
  for (let width = 280; width <= 2000; width += 0.25) {
    const preloads = pictures.filter((p) => {
      const media = /media="([^"]*)"/.exec(p.preload)![1]
      return holds(media, width)
    })
    assert.is(preloads.length, 1, `width ${width}`)
    assert.ok(preloads[0].href.endsWith(`/${chosen(width)}`), `width ${width}`)
  }
})

test('the addresses: on the asset origin the public path names, else root-relative', () => {
  const [cdn] = manifestPictures('https://cdn.example.com/static/')
  assert.is(
    cdn.href,
    'https://cdn.example.com/service/newsletterfrontend/newslettersubscriptionform/c94c3a6a548e.jpg',
  )
  assert.ok(cdn.preload.includes(`href="${cdn.href}"`))
  assert.ok(cdn.preload.includes('fetchpriority="high"'))
  const [local] = manifestPictures('/static/')
  assert.is(local.href, '/service/newsletterfrontend/newslettersubscriptionform/c94c3a6a548e.jpg')
  assert.equal(
    manifestPictures('/static/').map((p) => p.media),
    NEWSLETTER_PICTURES.map(([media]) => media),
  )
})

test.run()
