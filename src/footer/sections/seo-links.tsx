/** SEO link group (SPEC §2 item 4): on phones one collapsible panel with every column merged into one list; columns otherwise. */
import { ExpansionPanel, TextLink } from '../../kit'
import type { FooterContent, FooterLink } from '../footer.schema'

function Links({ links }: { links: FooterLink[] }) {
  return (
    <ul className="lf-list">
      {links.map((link, i) => (
        <li key={i}>
          <TextLink href={link.url} variant="quiet">{link.text}</TextLink>
        </li>
      ))}
    </ul>
  )
}

export function SeoLinks({ seo, id, phone }: { seo: FooterContent['seo']; id: string; phone: boolean }) {
  if (!seo.columns.length) return null
  if (phone) {
    return (
      <nav className="lf-seo" aria-labelledby={`${id}-button`}>
        <ExpansionPanel id={id} title={seo.heading} headingLevel={2}>
          <Links links={seo.columns.flatMap((c) => c.links)} />
        </ExpansionPanel>
      </nav>
    )
  }
  return (
    <nav className="lf-seo" aria-labelledby={id}>
      <h2 id={id} className="lf-heading">{seo.heading}</h2>
      <div className="lf-grid">
        {seo.columns.map((column, i) => (
          <div key={i} className="lf-col">
            {column.heading ? <h3 className="lf-subheading">{column.heading}</h3> : null}
            <Links links={column.links} />
          </div>
        ))}
      </div>
    </nav>
  )
}
