import { ApiError, unwrap } from '@ledgerline/api-client';
import { Button, TextField, toast } from '@ledgerline/ui';
import { type FormEvent, useState } from 'react';
import { api } from '../../api/api';
import { siteConfig } from '../../config';
import { newsletter } from '../../content/about';
import * as styles from './AboutScreen.css';

const copy = newsletter(siteConfig);

/**
 * The newsletter block: an email input and Subscribe, which sends `POST /newsletter`. The server's msg
 * is shown in the block on success and as an error toast on failure. The only client-side rule is the
 * input's type (email); nothing else is checked here, and the server says what it refuses.
 */
export function NewsletterBlock() {
  const [email, setEmail] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [subscribed, setSubscribed] = useState<string | null>(null);

  const subscribe = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Enter in the field submits again while the button is busy: one request at a time.
    if (submitting) return;
    setSubmitting(true);
    setSubscribed(null);
    try {
      const answer = await unwrap(api.POST('/newsletter', { body: { email: email.trim() } }));
      setSubscribed(answer.msg);
      setEmail('');
    } catch (error) {
      toast.error(error instanceof ApiError ? error.msg : String(error));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <section className={styles.newsletter} aria-labelledby="newsletter-title">
      <h2 id="newsletter-title" className={styles.sectionTitle}>
        {copy.title}
      </h2>
      <p className={styles.lead}>{copy.brief}</p>
      <form className={styles.newsletterForm} onSubmit={subscribe}>
        <TextField
          className={styles.newsletterField}
          label={copy.inputLabel}
          type="email"
          name="email"
          autoComplete="email"
          maxLength={254}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" loading={submitting}>
          {copy.buttonLabel}
        </Button>
      </form>
      {/* Always in the page, so that screen readers announce the msg when it appears. */}
      <p role="status" className={subscribed ? styles.notice : styles.status}>
        {subscribed}
      </p>
    </section>
  );
}
