/**
 * SEO link group (SPEC §2 item 4): on phones one collapsible panel with every column merged
 * into one list; columns otherwise. Only the first `shown` links render (the model reveals
 * more step by step, footer.model.ts).
 */
import { memo, useEffect, useMemo, useRef } from 'react'
import type { ReadonlySignal } from '@preact/signals-react'
import { useSignals } from '@preact/signals-react/runtime'
import { ExpansionPanel, TextLink } from '../../kit'
import type { FooterContent, FooterLink } from '../footer.schema'
import { SEO_LINKS_PER_STEP as CHUNK } from '../../app/start-plan'

/**
 * Links render in chunks of CHUNK (a reveal step's links, app/start-plan.ts), memoised, so a
 * reveal step renders only its new links. On desktop a chunk is a list of its own and the unit
 * of content-visibility (footer.css): off screen its links cost no style, layout or paint, so a
 * column of more than CHUNK links reads as consecutive lists. (Each link a unit would have the browser watch hundreds of elements for
 * visibility in every frame, about 10 ms at 1x with 500 links: build/bench/long-tasks.ts.) On
 * phones every column is merged into one list (SPEC §2), in a panel that is closed at first:
 * there each link is the unit.
 */
const Chunk = memo(function Chunk({
  links,
  from,
  to,
  list,
}: {
  links: FooterLink[]
  from: number
  to: number
  list: boolean
}) {
  const ref = useRef<HTMLUListElement>(null)
  // A chunk is laid out once as it is; two frames later, its size recorded by the browser, it
  // becomes a unit of content-visibility (footer.css) and off screen reserves exactly that size. A
  // placeholder guessed before the first layout cannot know how many links it holds or how they
  // wrap, and the page would change height while the visitor scrolls through. The class is set on
  // the element, not rendered, so the chunk does not render again for it.
  useEffect(() => {
    const list = ref.current
    if (!list) return
    let frame = requestAnimationFrame(
      () => (frame = requestAnimationFrame(() => list.classList.add('lf-seo__chunk--measured'))),
    )
    return () => cancelAnimationFrame(frame)
  }, [])
  const items = links.slice(from, to).map((link, i) => (
    <li key={from + i}>
      <TextLink href={link.url} variant="quiet">
        {link.text}
      </TextLink>
    </li>
  ))
  return list ? (
    <ul ref={ref} className="lf-list lf-seo__chunk">
      {items}
    </ul>
  ) : (
    items
  )
})

function Links({ links, count, merged }: { links: FooterLink[]; count: number; merged: boolean }) {
  const chunks = []
  for (let from = 0; from < count; from += CHUNK)
    chunks.push(
      <Chunk
        key={from}
        links={links}
        from={from}
        to={Math.min(from + CHUNK, count)}
        list={!merged}
      />,
    )
  return merged ? <ul className="lf-list lf-seo__merged">{chunks}</ul> : chunks
}

/** `shown` is read here, not by the footer, so each reveal step re-renders only this section. */
export function SeoLinks({
  seo,
  id,
  phone,
  shown: shownSignal,
}: {
  seo: FooterContent['seo']
  id: string
  phone: boolean
  shown: ReadonlySignal<number>
}) {
  useSignals()
  const shown = shownSignal.value
  const merged = useMemo(() => seo.columns.flatMap((c) => c.links), [seo])
  if (!seo.columns.length) return null
  if (phone) {
    return (
      <nav className="lf-seo" aria-labelledby={`${id}-button`}>
        <ExpansionPanel id={id} title={seo.heading} headingLevel={2}>
          <Links links={merged} count={Math.min(shown, merged.length)} merged />
        </ExpansionPanel>
      </nav>
    )
  }
  return (
    <nav className="lf-seo" aria-labelledby={id}>
      <h2 id={id} className="lf-heading">
        {seo.heading}
      </h2>
      <div className="lf-grid">
        {seo.columns.map((column, i) => {
          const before = seo.columns.slice(0, i).reduce((n, c) => n + c.links.length, 0)
          return (
            <div key={i} className="lf-col">
              {column.heading ? <h3 className="lf-subheading">{column.heading}</h3> : null}
              <Links
                links={column.links}
                count={Math.max(0, Math.min(column.links.length, shown - before))}
                merged={false}
              />
            </div>
          )
        })}
      </div>
    </nav>
  )
}
