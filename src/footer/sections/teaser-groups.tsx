/**
 * Teaser groups as one navigation region (SPEC §2 item 3): collapsible panels on phones,
 * columns (3 of 12) on larger screens. Links marked hideInClassic are left out on classic.
 * Each heading shows its icon (heading.iconName) from the kit's set, decorative: the heading's
 * text names it. On phones the heading is the panel's toggle, so the heading's own link (the
 * group's overview page) is the panel's first link: toggle and page both stay reachable.
 */
import { useStagedCount } from '../../base/staged'
import { ExpansionPanel, Icon, TextLink, teaserIconPath } from '../../kit'
import { t } from '../../i18n/i18n'
import { log } from '../../log'
import type { TeaserGroup } from '../footer.schema'

/** Icon names already reported: content repeats its groups on every page view, the console hears of each once. */
const reported = new Set<string>()

/** A heading's icon; called, not rendered as a component, so it adds no component of its own. */
function headingIcon(name?: string) {
  if (!name) return null
  const path = teaserIconPath(name)
  if (!path) {
    if (!reported.has(name)) {
      reported.add(name)
      log.warn('W15', name)
    }
    return null
  }
  return <Icon path={path} className="lf-heading__icon" />
}

interface Props {
  groups: { group: TeaserGroup; id: string }[]
  phone: boolean
  classic: boolean
}

function GroupLinks({
  group,
  classic,
  withHeading,
}: {
  group: TeaserGroup
  classic: boolean
  withHeading?: boolean
}) {
  return (
    <>
      {group.introductoryText ? <p className="lf-intro">{group.introductoryText}</p> : null}
      <ul className="lf-list">
        {withHeading ? (
          <li>
            <TextLink href={group.heading.link.url} variant="quiet">
              {group.heading.link.text}
            </TextLink>
          </li>
        ) : null}
        {group.links
          .filter((l) => !(classic && l.hideInClassic))
          .map(({ link }, i) => (
            <li key={i}>
              <TextLink href={link.url} variant="quiet">
                {link.text}
              </TextLink>
            </li>
          ))}
      </ul>
    </>
  )
}

export function TeaserGroups({ groups, phone, classic }: Props) {
  // A group per step: four groups (on phones four panels) in one render make the longest step
  // on a slow phone (docs/performance.md, "Why 4x").
  const shown = useStagedCount(groups.length)
  if (!groups.length) return null
  return (
    <nav className="lf-teasers lf-grid" aria-label={t('footer.teasers')}>
      {groups.slice(0, shown).map(({ group, id }) =>
        phone ? (
          <ExpansionPanel
            key={id}
            id={id}
            title={
              <>
                {headingIcon(group.heading.iconName)}
                {group.heading.link.text}
              </>
            }
            className="lf-col"
          >
            <GroupLinks group={group} classic={classic} withHeading />
          </ExpansionPanel>
        ) : (
          <div key={id} className="lf-col">
            <h3 id={id} className="lf-heading">
              {headingIcon(group.heading.iconName)}
              <TextLink href={group.heading.link.url} variant="quiet">
                {group.heading.link.text}
              </TextLink>
            </h3>
            <GroupLinks group={group} classic={classic} />
          </div>
        ),
      )}
    </nav>
  )
}
