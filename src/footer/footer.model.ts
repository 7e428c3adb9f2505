/**
 * The footer's state and its staging: the content (from content-source.ts) revealed step by
 * step, the sections its variant shows (variant.ts), and the platform-derived layout. Components
 * read it; it decides.
 */
import { computed, signal } from '@preact/signals-react'
import { isPhoneLike, isTouchLike } from '../platform'
import type { Widget } from '../app/widget-context'
import { isRecord, readContent, salvagePart, salvageSections } from './content'
import { reportUnknownLogos } from './logos'
import { footerSections } from './variant'
import { fetchContent, inlineContent } from './content-source'
import {
  FooterContentSchema,
  type FooterContent,
  SeoColumnSchema,
  type PartialContent,
  type SeoColumn,
} from './footer.schema'

type SeoGroup = FooterContent['seo']

/**
 * Content renders in steps (widget.later: time slices, so a slow device gets a task per step and
 * a fast one runs several together), so even a long footer (hundreds of SEO links) never blocks
 * the main thread for long: the check of everything but the SEO links, the logos, the teasers,
 * the SEO links (checked one column per step and revealed SEO_STEP at a time), the icon groups,
 * then the bottom group's frame and its content.
 */
// 50 links a step: the frame that lays out a step's links is the longest of the start and grows
// with the step (docs/performance.md, "Why 4x"); build/bench/long-tasks.ts measures it.
const SEO_STEP = 50
// In the order of the page, so what a step adds never pushes down what is already shown (layout shift).
export const STAGE = { teasers: 1, seo: 2, icons: 3, bottom: 4 } as const
/** The footer's frame renders in steps too: in one first render it is a long task (docs/performance.md, "Why 4x"). */
export const SHELL = { newsletter: 1, bottom: 2 } as const

export function createFooterModel(widget: Widget) {
  const content = signal<PartialContent | null>(null)
  /** How far the content has been revealed (see STAGE). */
  const stage = signal(0)
  const seoShown = signal(0)
  /** How much of the footer's frame has rendered (see SHELL): the first render is the landmark alone. */
  const shell = signal(0)
  const sections = footerSections(widget)
  const phone = computed(() => isPhoneLike(widget.platform.value))
  const touch = computed(() => isTouchLike(widget.platform.value))
  const classic = computed(() => widget.platform.value === 'CLASSIC')

  const { later } = widget

  /**
   * Everything below the newsletter block waits until the block has its height (its form
   * complete, or the decision that it stays hidden, which waits for psdata): appearing above
   * parts already shown, it would push them down (layout shift). Then each part is added below
   * the last, in the order of the page.
   */
  let settleNewsletter!: () => void
  const newsletterSettled = new Promise<void>((resolve) => (settleNewsletter = resolve))
  if (!sections.newsletter) settleNewsletter()
  const afterNewsletter = (step: () => void) => void newsletterSettled.then(() => later(step))

  /** Reveals the SEO links, SEO_STEP per step, then the icon groups. */
  function revealSeo(seo: SeoGroup) {
    const total = seo.columns.reduce((n, c) => n + c.links.length, 0)
    const step = () => {
      seoShown.value = Math.min(total, seoShown.value + SEO_STEP)
      later(seoShown.value < total ? step : revealIcons)
    }
    later(step)
  }

  function revealIcons() {
    stage.value = STAGE.icons
    later(revealBottom)
  }

  /**
   * The bottom group comes last, below everything else: its images (quality logos, a flag per
   * market, each an SVG document of its own, about 7 ms of main-thread time at 4x CPU slowdown)
   * then load only when they are near the screen (lazy), not while the SEO links push them down.
   */
  function revealBottom() {
    shell.value = SHELL.bottom
    later(() => (stage.value = STAGE.bottom))
  }

  function reveal(raw: Record<string, unknown>) {
    stage.value++
    if (stage.value < STAGE.seo) return later(() => reveal(raw))
    if (!sections.seo || raw.seo === undefined) return later(revealIcons)
    checkSeo(raw.seo)
  }

  /**
   * The SEO links are checked one column per step (hundreds of links in one check, with the
   * garbage it leaves, make a long task (docs/performance.md, "Why 4x")), then the group with its heading.
   */
  function checkSeo(seo: unknown) {
    const columns: unknown[] = isRecord(seo) && Array.isArray(seo.columns) ? seo.columns : []
    const kept: SeoColumn[] = []
    const step = (i: number): void => {
      if (i < columns.length) {
        const column = salvagePart(SeoColumnSchema, columns[i], ['seo', 'columns', i])
        if (column) kept.push(column)
        later(() => step(i + 1))
        return
      }
      // The group itself (its heading; without a column list, all of it at once, its problem logged).
      const group = salvagePart(
        FooterContentSchema.schema.seo,
        columns.length ? { ...(seo as object), columns: [] } : seo,
        ['seo'],
      )
      if (!group) {
        later(revealIcons)
        return
      }
      const shown = columns.length ? { ...group, columns: kept } : group
      content.value = { ...content.value, seo: shown }
      revealSeo(shown)
    }
    step(0)
  }

  /**
   * Reads the content (inline, else fetched). Parsing, checking everything but the SEO links,
   * and rendering are each a step of their own (not one microtask after the answer): together
   * they make a long task (docs/performance.md, "Why 4x").
   */
  async function load() {
    const text = inlineContent(widget.document) ?? (await fetchContent(widget))
    if (text === null) return afterNewsletter(revealBottom)
    later(() => {
      const raw = readContent(text)
      if (!raw) return afterNewsletter(revealBottom)
      later(() => {
        const first = salvageSections(raw, (key) => key !== 'seo')
        reportUnknownLogos(first)
        afterNewsletter(() => {
          content.value = first
          later(() => reveal(raw))
        })
      })
    })
  }

  /** Called once mounted: the newsletter block; the bottom group's frame comes last, with or without content. */
  function open() {
    later(() => (shell.value = SHELL.newsletter))
  }

  return {
    content,
    stage,
    seoShown,
    shell,
    sections,
    phone,
    touch,
    classic,
    load,
    open,
    settleNewsletter,
  }
}
