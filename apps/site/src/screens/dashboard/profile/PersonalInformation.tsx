import { visuallyHidden } from '@ledgerline/ui';
import { useState } from 'react';
import type { Profile } from '../../../api/profileQuery';
import * as styles from './ProfileScreen.css';
import { type ProfileFieldName, personalRows, unknownValue } from './profileFields';
import { UpdateProfileDialog } from './UpdateProfileDialog';

function EditIcon() {
  return (
    <svg viewBox="0 0 20 20" className={styles.rowIcon} aria-hidden="true" focusable="false">
      <path
        d="M13.5 3.5l3 3L7 16H4v-3l9.5-9.5Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The Personal Information tab: the eight rows ("unknown" when empty); any row opens "Update
 * Profile" at its own field.
 */
export function PersonalInformation({ profile, onSaved }: { profile: Profile; onSaved: () => void }) {
  const [openedAt, setOpenedAt] = useState<ProfileFieldName | null>(null);
  return (
    <>
      <ul className={styles.rows}>
        {personalRows.map((row) => {
          const value = row.value(profile)?.trim();
          return (
            <li key={row.label}>
              <button
                type="button"
                className={styles.row}
                aria-haspopup="dialog"
                onClick={() => setOpenedAt(row.edits)}
              >
                <span className={styles.rowLabel}>{row.label}</span>
                {/* The label and the value are separate boxes: read them as a pair. */}
                <span className={visuallyHidden}>: </span>
                <span className={value ? styles.rowValue : styles.rowUnknown}>{value || unknownValue}</span>
                <EditIcon />
              </button>
            </li>
          );
        })}
      </ul>
      <UpdateProfileDialog
        openedAt={openedAt}
        onClose={() => setOpenedAt(null)}
        profile={profile}
        onSaved={onSaved}
      />
    </>
  );
}
