/**
 * The footer's state and its staging: the content (from content-source.ts) revealed step by step
 * along the start plan, the sections its variant shows (variant.ts), and the platform-derived
 * layout. Components read it; it decides.
 */
import { batch, computed, signal } from '@preact/signals-react'
import { log } from '../log'
import { emit } from '../base/emit'
import { READY_EVENT } from '../contract/contract'
import { SEO_LINKS_PER_STEP, Step } from './footer-plan'
import { isPhoneLike, isTouchLike } from '../platform'
import type { Widget } from '../base/widget-context'
import { isRecord, readContent, salvagePart, salvageSections } from './content'
import { reportUnknownLogos } from './logos'
import { footerSections } from './variant'
import { fetchContent, inlineContent } from './content-source'
import {
  FooterContentSchema,
  SeoColumnSchema,
  type PartialContent,
  type SeoColumn,
} from './footer.schema'

/**
 * Walks the start plan (its steps: footer-plan.ts) from the newsletter block down. Content renders in
 * steps (time slices, so a slow device gets a task per step and a fast one runs several
 * together), so even a long footer (hundreds of SEO links) never blocks the main thread for long:
 * the parse, the check of everything but the SEO links, each part in page order, the SEO links
 * checked one column per step and revealed SEO_LINKS_PER_STEP at a time.
 */
export function createFooterModel(widget: Widget) {
  const given = widget.serverRender
  const content = signal((given?.content as PartialContent | undefined) ?? null)
  const seoShown = signal(given ? Infinity : 0)
  const sections = footerSections(widget)
  const phone = computed(() => isPhoneLike(widget.platform.value))
  const touch = computed(() => isTouchLike(widget.platform.value))
  const classic = computed(() => widget.platform.value === 'CLASSIC')

  const { later, reach } = widget.plan
  const step = () => new Promise<void>((resolve) => later(resolve))
  /**
   * Tells that the newsletter block has the height it keeps (hidden, its form complete, or a view
   * in its place): the block is handed it, and what lies below waits for it.
   */
  let settleNewsletter!: () => void
  const newsletterSettled = new Promise<void>((resolve) => (settleNewsletter = resolve))
  if (!sections.newsletter) settleNewsletter()

  /**
   * The SEO links: checked one column per step (hundreds of links in one check, with the garbage
   * it leaves, make a long task), then the group with its heading, then revealed
   * SEO_LINKS_PER_STEP per step.
   */
  async function revealSeo(seo: unknown) {
    const columns: unknown[] = isRecord(seo) && Array.isArray(seo.columns) ? seo.columns : []
    const kept: SeoColumn[] = []
    for (let i = 0; i < columns.length; i++) {
      const column = salvagePart(SeoColumnSchema, columns[i], ['seo', 'columns', i])
      if (column) kept.push(column)
      await step()
    }
    // The group itself (its heading; without a column list, all of it at once, its problem logged).
    const group = salvagePart(
      FooterContentSchema.schema.seo,
      columns.length ? { ...(seo as object), columns: [] } : seo,
      ['seo'],
    )
    if (!group) return
    const shown = columns.length ? { ...group, columns: kept } : group
    content.value = { ...content.value, seo: shown }
    const total = shown.columns.reduce((n, c) => n + c.links.length, 0)
    do {
      await step()
      seoShown.value = Math.min(total, seoShown.value + SEO_LINKS_PER_STEP)
    } while (seoShown.value < total)
  }

  /**
   * Everything below the newsletter block waits until the block has its height (its form
   * complete, or the decision that it stays hidden, which waits for psdata): appearing above
   * parts already shown, it would push them down (layout shift). Then each part is added below
   * the last, in the order of the page; the bottom group's frame comes with or without content.
   */
  async function reveal(text: string | null) {
    let raw: Record<string, unknown> | null = null
    let first: PartialContent | undefined
    if (text !== null) {
      await step()
      raw = readContent(text)
      if (raw) {
        await step()
        first = salvageSections(raw, (key) => key !== 'seo')
        reportUnknownLogos(first)
      }
    }
    await newsletterSettled
    await step()
    if (first) {
      batch(() => {
        content.value = first
        reach(Step.logos)
      })
      await step()
      reach(Step.teasers)
      await step()
      reach(Step.seo)
      if (sections.seo && raw!.seo !== undefined) await revealSeo(raw!.seo)
      await step()
      reach(Step.icons)
      await step()
    }
    reach(Step.bottom)
    await step()
    reach(Step.done)
    // In this task, which also renders what `done` shows: mount's takeover and that render share a frame.
    widget.onDone?.(!!first?.legalLinks?.length)
    await step()
    // Once per mount, with every part in place: what a page's monitoring times out on.
    emit(widget, READY_EVENT, null)
  }

  /**
   * Reads the content (inline, else fetched), then reveals it. Parsing, checking everything but
   * the SEO links, and rendering are each a step of their own (not one microtask after the
   * answer): together they make a long task.
   */
  async function load() {
    const text = inlineContent(widget.document) ?? (await fetchContent(widget))
    reveal(text).catch((error) => log.error('E2', error))
  }

  /** Called once mounted: the newsletter block. */
  function open() {
    later(() => reach(Step.newsletter))
  }

  return { content, seoShown, sections, phone, touch, classic, load, open, settleNewsletter }
}
