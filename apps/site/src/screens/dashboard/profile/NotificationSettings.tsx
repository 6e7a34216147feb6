import { Card, Switch } from '@ledgerline/ui';
import { useState } from 'react';
import * as styles from './ProfileScreen.css';

/** The local notification switches (never sent to the server), with their defaults. */
const defaults = {
  unusualActivity: true,
  newBrowserSignIn: false,
  salesAndNews: true,
  featuresAndUpdates: true,
  tips: true,
};

type NotificationChoices = typeof defaults;
type Choice = keyof NotificationChoices;

const groups: readonly { id: string; title: string; switches: readonly { name: Choice; label: string }[] }[] =
  [
    {
      id: 'notifications-security',
      title: 'Security alerts',
      switches: [
        { name: 'unusualActivity', label: 'Unusual activity' },
        { name: 'newBrowserSignIn', label: 'New browser sign-in' },
      ],
    },
    {
      id: 'notifications-news',
      title: 'News',
      switches: [
        { name: 'salesAndNews', label: 'Sales and latest news' },
        { name: 'featuresAndUpdates', label: 'New features and updates' },
        { name: 'tips', label: 'Tips' },
      ],
    },
  ];

export const notificationChoicesKey = 'notification-settings';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The saved choices over the defaults; anything unreadable falls back to the defaults. */
function readChoices(): NotificationChoices {
  try {
    const saved: unknown = JSON.parse(storage()?.getItem(notificationChoicesKey) ?? 'null');
    if (typeof saved !== 'object' || saved === null) return defaults;
    const choices = { ...defaults };
    for (const name of Object.keys(defaults) as Choice[]) {
      const value: unknown = (saved as Record<string, unknown>)[name];
      if (typeof value === 'boolean') choices[name] = value;
    }
    return choices;
  } catch {
    return defaults;
  }
}

/** The Notifications tab: switches kept in this browser only. */
export function NotificationSettings() {
  const [choices, setChoices] = useState(readChoices);
  const choose = (name: Choice, value: boolean) => {
    const next = { ...choices, [name]: value };
    setChoices(next);
    storage()?.setItem(notificationChoicesKey, JSON.stringify(next));
  };
  return (
    <div className={styles.panel}>
      <p className={styles.note}>These choices are saved in this browser.</p>
      {groups.map((group) => (
        <Card key={group.id} title={group.title} titleAs="h2" className={styles.group}>
          {group.switches.map(({ name, label }) => (
            <Switch
              key={name}
              label={label}
              checked={choices[name]}
              onCheckedChange={(checked) => choose(name, checked)}
            />
          ))}
        </Card>
      ))}
    </div>
  );
}
