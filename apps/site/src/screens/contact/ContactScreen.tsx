import { Button, PageHeader, visuallyHidden } from '@ledgerline/ui';
import { siteConfig } from '../../config';
import { contactFooterSection, contactPage } from '../../content/contact';
import { deferred } from '../../layout/deferred';
import { ContentLink } from '../../layout/siteNavigation';
import * as styles from './ContactScreen.css';
import { useWhatsappLink } from './whatsapp';

// The form's code is fetched when someone is there to use it.
const ContactForm = deferred(() => import('./ContactForm').then((module) => module.ContactForm));

const config = { productName: siteConfig.productName, supportEmail: siteConfig.supportEmail };

/**
 * /contact-us: the heading and info line, the contact form, the WhatsApp and support-mail links, and
 * the footer-like section. The WhatsApp link appears, and the info line mentions
 * WhatsApp, only once `GET /whatsapp` has named a number.
 */
export function ContactScreen() {
  const whatsapp = useWhatsappLink();
  const page = contactPage(config, { whatsapp: whatsapp !== null });
  const more = contactFooterSection(config);
  return (
    <main className={styles.page}>
      <PageHeader title={page.heading} brief={page.brief} />

      <div className={styles.columns}>
        <section className={styles.formCard} aria-labelledby="contact-form-title">
          <h2 id="contact-form-title" className={styles.cardTitle}>
            {page.formHeading}
          </h2>
          <ContactForm labelledBy="contact-form-title" />
        </section>

        <section className={styles.direct} aria-labelledby="contact-direct-title">
          <h2 id="contact-direct-title" className={visuallyHidden}>
            Other ways to reach us
          </h2>
          <ul className={styles.directList}>
            {whatsapp && (
              <li>
                <a
                  className={styles.directLink}
                  href={whatsapp.href}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  <ChatIcon />
                  <span className={styles.directText}>
                    <span className={styles.directLabel}>{page.whatsappLabel}</span>
                    <span className={styles.directValue}>{whatsapp.label}</span>
                  </span>
                  <span className={visuallyHidden}> (opens in a new tab)</span>
                </a>
              </li>
            )}
            <li>
              <a className={styles.directLink} href={`mailto:${siteConfig.supportEmail}`}>
                <MailIcon />
                <span className={styles.directText}>
                  <span className={styles.directLabel}>{page.emailLabel}</span>
                  <span className={styles.directValue}>{siteConfig.supportEmail}</span>
                </span>
              </a>
            </li>
          </ul>
        </section>
      </div>

      <section className={styles.section} aria-labelledby="contact-more-title">
        <h2 id="contact-more-title" className={styles.sectionTitle}>
          {more.heading.title}
        </h2>
        <p className={styles.lead}>{more.heading.brief}</p>
        <div className={styles.grid}>
          {more.items.map((item) => (
            <article key={item.title} className={styles.item}>
              {item.image && (
                <img className={styles.itemIcon} src={item.image} alt="" width={48} height={48} />
              )}
              <h3 className={styles.itemTitle}>{item.title}</h3>
              <p className={styles.itemText}>{item.brief}</p>
              {item.href && item.buttonLabel && (
                <Button asChild variant="secondary" className={styles.itemAction}>
                  <ContentLink href={item.href}>{item.buttonLabel}</ContentLink>
                </Button>
              )}
            </article>
          ))}
        </div>
      </section>
    </main>
  );
}

function ChatIcon() {
  return (
    <svg className={styles.directIcon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M4 19.5 5.3 16A8 8 0 1 1 8 18.7Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
      <path d="M9 9.5c0 3 2.5 5.5 5.5 5.5l1-1.5-2-1-1 .8a4 4 0 0 1-1.8-1.8l.8-1-1-2Z" fill="currentColor" />
    </svg>
  );
}

function MailIcon() {
  return (
    <svg className={styles.directIcon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect x="3" y="5.5" width="18" height="13" rx="2" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="m4 7 8 6 8-6" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
    </svg>
  );
}
