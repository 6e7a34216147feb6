import { unwrap } from '@ledgerline/api-client';
import { formatUSPhone } from '@ledgerline/rules/us-phone';
import { useEffect, useState } from 'react';
import { api } from '../../api/api';

/** The support WhatsApp number as the page shows and links it. */
export type WhatsappLink = { href: string; label: string };

/**
 * The chat link for a number in international format (`+15551234567`): shown as a US number, linked
 * to wa.me with the country code and digits only. A ten-digit number is a US number without its +1.
 */
export function whatsappLink(number: string): WhatsappLink | null {
  const digits = number.replace(/\D/g, '');
  if (digits.length < 10) return null;
  const international = digits.length === 10 ? `1${digits}` : digits;
  return { href: `https://wa.me/${international}`, label: formatUSPhone(number) };
}

/**
 * The first number `GET /whatsapp` lists, as a link. It must not fail the page: a failed lookup is only
 * logged, and the page shows no link and no message.
 */
export function loadWhatsappLink(): Promise<WhatsappLink | null> {
  return unwrap(api.GET('/whatsapp')).then(
    (contacts) => (contacts[0] ? whatsappLink(contacts[0].number) : null),
    (error: unknown) => {
      console.warn('WhatsApp lookup failed', error);
      return null;
    },
  );
}

/**
 * The support WhatsApp link once `GET /whatsapp` has answered; null before, or when there is none.
 * A public page asks once, without the signed-in pages' query cache (its code stays off public pages).
 */
export function useWhatsappLink(): WhatsappLink | null {
  const [link, setLink] = useState<WhatsappLink | null>(null);
  useEffect(() => {
    let shown = true;
    void loadWhatsappLink().then((answer) => {
      if (shown) setLink(answer);
    });
    return () => {
      shown = false;
    };
  }, []);
  return link;
}
