/**
 * The double opt-in confirmation mail per locale: a transactional mail without advertising
 * (no voucher, no offers), only what the recipient needs to confirm or ignore it.
 * Server-side texts, so they never weigh on the widget's bundles.
 */
import { BRAND } from '../../../src/brand.ts'
import type { Locale } from '../../../src/sites.ts'

export interface MailText {
  subject: string
  body: string
  action: string
  ignore: string
}

const de: MailText = {
  subject: `Bitte bestätigen Sie Ihre Newsletteranmeldung bei ${BRAND}`,
  body: 'Sie haben sich mit dieser E-Mail-Adresse für unseren Newsletter angemeldet. Bitte bestätigen Sie die Anmeldung innerhalb von 48 Stunden über diesen Link:',
  action: 'Anmeldung bestätigen',
  ignore: 'Wenn Sie sich nicht angemeldet haben, ignorieren Sie diese E-Mail einfach. Ohne Bestätigung erhalten Sie keinen Newsletter.',
}

export const MAIL_TEXTS: Record<Locale, MailText> = {
  'de-DE': de,
  'de-AT': de,
  'de-CH': de,
  'fr-CH': {
    subject: `Veuillez confirmer votre inscription à la newsletter ${BRAND}`,
    body: 'Vous vous êtes inscrit·e à notre newsletter avec cette adresse e-mail. Veuillez confirmer votre inscription dans les 48 heures en cliquant sur ce lien :',
    action: 'Confirmer l’inscription',
    ignore: 'Si vous n’êtes pas à l’origine de cette inscription, ignorez simplement cet e-mail. Sans confirmation, vous ne recevrez aucune newsletter.',
  },
  'cs-CZ': {
    subject: `Potvrďte prosím přihlášení k odběru newsletteru ${BRAND}`,
    body: 'S touto e-mailovou adresou jste se přihlásili k odběru našeho newsletteru. Přihlášení prosím potvrďte do 48 hodin kliknutím na tento odkaz:',
    action: 'Potvrdit přihlášení',
    ignore: 'Pokud jste se nepřihlásili vy, tento e-mail jednoduše ignorujte. Bez potvrzení vám newsletter nebudeme zasílat.',
  },
  'hu-HU': {
    subject: `Kérjük, erősítse meg feliratkozását a(z) ${BRAND} hírlevelére`,
    body: 'Ezzel az e-mail-címmel feliratkozott hírlevelünkre. Kérjük, 48 órán belül erősítse meg a feliratkozást az alábbi linkre kattintva:',
    action: 'Feliratkozás megerősítése',
    ignore: 'Ha nem Ön iratkozott fel, egyszerűen hagyja figyelmen kívül ezt az e-mailt. Megerősítés nélkül nem küldünk hírlevelet.',
  },
  'sk-SK': {
    subject: `Potvrďte, prosím, prihlásenie na odber newslettera ${BRAND}`,
    body: 'S touto e-mailovou adresou ste sa prihlásili na odber nášho newslettera. Prihlásenie, prosím, potvrďte do 48 hodín kliknutím na tento odkaz:',
    action: 'Potvrdiť prihlásenie',
    ignore: 'Ak ste sa neprihlásili vy, tento e-mail jednoducho ignorujte. Bez potvrdenia vám newsletter nebudeme posielať.',
  },
  'tr-TR': {
    subject: `${BRAND} bülten aboneliğinizi onaylayın`,
    body: 'Bu e-posta adresiyle bültenimize kaydoldunuz. Lütfen aboneliğinizi 48 saat içinde aşağıdaki bağlantıya tıklayarak onaylayın:',
    action: 'Aboneliği onayla',
    ignore: 'Bu kaydı siz yapmadıysanız bu e-postayı dikkate almayın. Onay vermezseniz size bülten gönderilmez.',
  },
  'pl-PL': {
    subject: `Potwierdź zapis do newslettera ${BRAND}`,
    body: 'Ten adres e-mail został zapisany do naszego newslettera. Potwierdź zapis w ciągu 48 godzin, klikając poniższy link:',
    action: 'Potwierdź zapis',
    ignore: 'Jeśli to nie Ty zapisałeś(-aś) się do newslettera, po prostu zignoruj tę wiadomość. Bez potwierdzenia nie otrzymasz newslettera.',
  },
}
