import { useMutation } from '@tanstack/react-query';
import type { ContactUsRequest, ContactUsResponse } from '@careslot/contracts/content';
import { apiFetch } from '../../../lib/api-client';

export function sendContactMessage(body: ContactUsRequest): Promise<ContactUsResponse> {
  return apiFetch<ContactUsResponse>('/api/contact-us/', { method: 'POST', body });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
