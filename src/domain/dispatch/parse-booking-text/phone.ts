import { normalizeAuPhone } from '../../customers/phone';

export function findPhone(text: string): string | null {
  const candidates = text.match(/(?<![\w+])\+?\(?\d[\d \t()-]{6,16}\d(?!\d)/g) ?? [];
  for (const candidate of candidates) {
    const digits = candidate.replace(/\D/g, '');
    if (digits.length < 8 || digits.length > 12) continue;
    const phone = normalizeAuPhone(candidate);
    if (phone) return phone;
  }
  return null;
}
