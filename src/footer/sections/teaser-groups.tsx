/**
 * Teaser groups as one navigation region (SPEC §2 item 3): collapsible panels on phones,
 * columns (3 of 12) on larger screens. Links marked hideInClassic are left out on classic.
 */
import { useStagedCount } from '../../app/widget-context'
import { ExpansionPanel, TextLink } from '../../kit'
import { t } from '../../i18n/i18n'
import type { TeaserGroup } from '../footer.schema'

interface Props {
  groups: { group: TeaserGroup; id: string }[]
  phone: boolean
  classic: boolean
}

function GroupLinks({ group, classic }: { group: TeaserGroup; classic: boolean }) {
  return (
    <>
      {group.introductoryText ? <p className="lf-intro">{group.introductoryText}</p> : null}
      <ul className="lf-list">
        {group.links
          .filter((l) => !(classic && l.hideInClassic))
          .map(({ link }, i) => (
            <li key={i}>
              <TextLink href={link.url} variant="quiet">{link.text}</TextLink>
            </li>
          ))}
      </ul>
    </>
  )
}

export function TeaserGroups({ groups, phone, classic }: Props) {
  // A group per step: four groups (on phones four panels) in one render were the longest step
  // left at 4x CPU slowdown (31 ms median on phones; build/bench/long-tasks.ts).
  const shown = useStagedCount(groups.length)
  if (!groups.length) return null
  return (
    <nav className="lf-teasers lf-grid" aria-label={t('footer.teasers')}>
      {groups.slice(0, shown).map(({ group, id }) =>
        phone ? (
          <ExpansionPanel key={id} id={id} title={group.heading.link.text} className="lf-col">
            <GroupLinks group={group} classic={classic} />
          </ExpansionPanel>
        ) : (
          <div key={id} className="lf-col">
            <h3 id={id} className="lf-heading">
              <TextLink href={group.heading.link.url} variant="quiet">{group.heading.link.text}</TextLink>
            </h3>
            <GroupLinks group={group} classic={classic} />
          </div>
        ),
      )}
    </nav>
  )
}
