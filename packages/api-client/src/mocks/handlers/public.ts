import { contactMessageSent, subscribed } from '../fixtures/messages';
import { health, readiness, whatsappContacts } from '../fixtures/public';
import { jsonOperation } from '../mock-operation';

export const publicMocks = {
  submitContactMessage: jsonOperation('submitContactMessage', 'post', '/contact-us', {
    status: 201,
    fixture: () => contactMessageSent,
  }),
  subscribeNewsletter: jsonOperation('subscribeNewsletter', 'post', '/newsletter', {
    status: 200,
    fixture: () => subscribed,
  }),
  getWhatsapp: jsonOperation('getWhatsapp', 'get', '/whatsapp', {
    status: 200,
    fixture: () => whatsappContacts,
  }),
  getHealth: jsonOperation('getHealth', 'get', '/healthz', { status: 200, fixture: () => health }),
  getReadiness: jsonOperation('getReadiness', 'get', '/readyz', { status: 200, fixture: () => readiness }),
};
