/** Social-media and app-store icon links (SPEC §2 item 5); the link text is the accessible name. */
import { brandIconPath, Icon, TextLink } from '../../kit'
import type { PartialContent } from '../footer.schema'

interface IconLink {
  iconName: string
  link: { url: string; text: string }
}

function IconGroup({ heading, id, items }: { heading: string; id: string; items: IconLink[] }) {
  if (!items.length) return null
  return (
    <section className="lf-icons" aria-labelledby={id}>
      <h2 id={id} className="lf-subheading">
        {heading}
      </h2>
      <ul className="lf-icon-list">
        {items.map(({ iconName, link }) => {
          const path = brandIconPath(iconName)
          return (
            <li key={iconName}>
              <TextLink href={link.url} variant="quiet" className="lf-icon-link">
                {path ? <Icon path={path} size={32} /> : null}
                <span className="lf-visually-hidden">{link.text}</span>
              </TextLink>
            </li>
          )
        })}
      </ul>
    </section>
  )
}

export function IconGroups({
  content,
  socialId,
  appId,
}: {
  content: PartialContent
  socialId: string
  appId: string
}) {
  const { socialMedia, appReferences } = content
  if (!socialMedia && !appReferences) return null
  return (
    <div className="lf-icon-groups">
      {socialMedia ? (
        <IconGroup
          heading={socialMedia.heading}
          id={socialId}
          items={socialMedia.socialMediaIcons}
        />
      ) : null}
      {appReferences ? (
        <IconGroup heading={appReferences.heading} id={appId} items={appReferences.appIcons} />
      ) : null}
    </div>
  )
}
