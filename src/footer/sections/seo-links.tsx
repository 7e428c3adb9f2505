/**
 * SEO link group (SPEC §2 item 4): on phones one collapsible panel with every column merged
 * into one list; columns otherwise. Only the first `shown` links render (the model reveals
 * more step by step, footer.model.ts).
 */
import { memo, useMemo } from 'react'
import type { ReadonlySignal } from '@preact/signals-react'
import { useSignals } from '@preact/signals-react/runtime'
import { ExpansionPanel, TextLink } from '../../kit'
import type { FooterContent, FooterLink } from '../footer.schema'
import { SEO_LINKS_PER_STEP as CHUNK } from '../footer-plan'

/**
 * Links render in chunks of CHUNK (a reveal step's links, footer-plan.ts), memoised, so a
 * reveal step renders only its new links. On desktop a chunk is a list of its own, so a column of
 * more than CHUNK links reads as consecutive lists. On phones every column is merged into one
 * list (SPEC §2), in a panel that is closed at first.
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
  const items = links.slice(from, to).map((link, i) => (
    <li key={from + i}>
      <TextLink href={link.url} variant="quiet">
        {link.text}
      </TextLink>
    </li>
  ))
  return list ? <ul className="lf-list">{items}</ul> : items
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
