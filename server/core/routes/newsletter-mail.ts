/**
 * The double opt-in confirmation mail per locale: a transactional mail without advertising
 * (no voucher, no offers), only what the recipient needs to confirm or ignore it.
 * Server-side texts, so they never weigh on the widget's bundles.
 */
import { BRAND } from '../../../src/contract/brand.ts'
import type { Locale } from '../../../src/contract/sites.ts'

export interface MailText {
  subject: string
  body: string
  action: string
  ignore: string
}

const de: MailText = {
  subject: `Bitte bestätigen Sie Ihre Newsletteranmeldung bei ${BRAND}`,
  body: `Diese E-Mail-Adresse wurde für den Newsletter von ${BRAND} angemeldet. Bitte bestätigen Sie die Anmeldung innerhalb von 48\u00a0Stunden über diesen Link:`,
  action: 'Anmeldung bestätigen',
  ignore:
    'Falls die Anmeldung nicht von Ihnen stammt, ignorieren Sie diese E-Mail einfach. Ohne Bestätigung verfällt die Anmeldung nach 48\u00a0Stunden, und Sie erhalten keinen Newsletter.',
}

export const MAIL_TEXTS: Record<Locale, MailText> = {
  'de-DE': de,
  'de-AT': de,
  'de-CH': de,
  'fr-CH': {
    subject: `Veuillez confirmer votre inscription à la newsletter ${BRAND}`,
    body: 'Cette adresse e-mail vient d’être inscrite à notre newsletter. Veuillez confirmer l’inscription dans les 48\u00a0heures en cliquant sur ce lien\u00a0:',
    action: 'Confirmer l’inscription',
    ignore:
      'Si vous n’êtes pas à l’origine de cette inscription, ignorez simplement cet e-mail. Sans confirmation, l’inscription expire au bout de 48\u00a0heures et vous ne recevrez aucune newsletter.',
  },
  'cs-CZ': {
    subject: `Potvrďte prosím přihlášení k\u00a0odběru newsletteru ${BRAND}`,
    body: 'Tato e-mailová adresa byla přihlášena k\u00a0odběru našeho newsletteru. Přihlášení prosím potvrďte do 48\u00a0hodin kliknutím na tento odkaz:',
    action: 'Potvrdit přihlášení',
    ignore:
      'Pokud přihlášení nepochází od vás, tento e-mail jednoduše ignorujte. Nepotvrzené přihlášení po 48\u00a0hodinách vyprší a\u00a0newsletter vám zasílat nebudeme.',
  },
  'hu-HU': {
    subject: `Kérjük, erősítse meg feliratkozását a ${BRAND} hírlevelére`,
    body: `Ezzel az e-mail-címmel feliratkozást kezdeményeztek a ${BRAND} hírlevelére. Kérjük, 48\u00a0órán belül erősítse meg a feliratkozást az alábbi linkre kattintva:`,
    action: 'Feliratkozás megerősítése',
    ignore:
      'Ha nem Ön kezdeményezte a feliratkozást, egyszerűen hagyja figyelmen kívül ezt az e-mailt. Megerősítés nélkül a feliratkozás 48\u00a0óra elteltével érvényét veszti, és nem küldünk hírlevelet.',
  },
  'sk-SK': {
    subject: `Potvrďte, prosím, prihlásenie na odber newslettera ${BRAND}`,
    body: 'Táto e-mailová adresa bola prihlásená na odber nášho newslettera. Prihlásenie, prosím, potvrďte do 48\u00a0hodín kliknutím na tento odkaz:',
    action: 'Potvrdiť prihlásenie',
    ignore:
      'Ak prihlásenie nepochádza od vás, tento e-mail jednoducho ignorujte. Nepotvrdené prihlásenie po 48\u00a0hodinách vyprší a\u00a0newsletter vám posielať nebudeme.',
  },
  'tr-TR': {
    subject: `Lütfen ${BRAND} bülten aboneliğinizi doğrulayın`,
    body: 'Bu e-posta adresi bültenimize kaydedildi. Lütfen aboneliği 48\u00a0saat içinde aşağıdaki bağlantıya tıklayarak doğrulayın:',
    action: 'Aboneliği doğrula',
    ignore:
      'Bu kaydı siz yapmadıysanız bu e-postayı dikkate almayın. Doğrulanmayan kayıtlar 14\u00a0gün içinde silinir; aboneliğinizi doğrulamazsanız size bülten gönderilmez.',
  },
  'pl-PL': {
    subject: `Potwierdź zapis do newslettera ${BRAND}`,
    body: 'Ten adres e-mail został zapisany do naszego newslettera. Potwierdź zapis w\u00a0ciągu 48\u00a0godzin, klikając poniższy link:',
    action: 'Potwierdź zapis',
    ignore:
      'Jeśli ten zapis nie pochodzi od Ciebie, po prostu zignoruj tę wiadomość. Bez potwierdzenia zapis wygaśnie po 48\u00a0godzinach i\u00a0nie otrzymasz newslettera.',
  },
}
