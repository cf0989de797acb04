import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useIntl } from 'react-intl';
import type { BadgeTag } from './desk-data.ts';

const NONE = '';

/**
 * A patient badge by its label, or none. Badges worn now or with a low battery are offered too,
 * marked so (decision CON-55): the server decides, and its refusal ('This Badge is currently in
 * use.') says why.
 */
export function BadgeSelect({
  label,
  value,
  onChange,
  badges,
  name,
  ownBadgeId = null,
}: {
  readonly label: string;
  readonly value: number | null;
  readonly onChange: (badgeId: number | null) => void;
  readonly badges: readonly BadgeTag[];
  readonly name?: string;
  /** The badge the patient wears now: theirs, so not "in use" for them. */
  readonly ownBadgeId?: number | null;
}) {
  const intl = useIntl();
  return (
    <TextField
      select
      label={label}
      name={name}
      value={value === null ? NONE : String(value)}
      onChange={(event) => onChange(event.target.value === NONE ? null : Number(event.target.value))}
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      sx={{ minWidth: 160 }}
    >
      <MenuItem value={NONE}>{intl.formatMessage({ id: 'desk.badge.none' })}</MenuItem>
      {badges
        .filter((badge) => badge.badge_id !== null)
        .map((badge) => (
          <MenuItem key={badge.id} value={String(badge.badge_id)}>
            {badge.in_use && badge.badge_id !== ownBadgeId
              ? intl.formatMessage({ id: 'desk.badge.inUse' }, { label: badge.label })
              : badge.battery_low
                ? intl.formatMessage({ id: 'desk.badge.lowBattery' }, { label: badge.label })
                : badge.label}
          </MenuItem>
        ))}
    </TextField>
  );
}
