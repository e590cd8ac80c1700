import type { Language } from '#shared/domain/language';
import type { ReminderKind } from '#shared/domain/reminders';

/**
 * The reminder e-mails' texts, in every interface language, in this one file: the server has no
 * other translated text (the web app's locales are the browser's), and a mail must read well
 * with no browser involved. Dates are formatted by Intl in the reader's language and zone.
 */

interface Texts {
  greeting: (name: string) => string;
  subject: Record<ReminderKind, (product: string, week: number) => string>;
  intro: Record<ReminderKind, (product: string, week: number) => string>;
  play: (link: string) => string;
  closes: (when: string) => string;
  footer: (accountLink: string) => string;
}

const TEXTS: Record<Language, Texts> = {
  en: {
    greeting: (name) => `Hello ${name},`,
    subject: {
      opening: (p, n) => `${p}: week ${n} is open`,
      closing: (p, n) => `${p}: week ${n} closes soon`,
    },
    intro: {
      opening: (p, n) =>
        `Week ${n} of ${p} is open. Your questions are waiting: it only takes a few minutes, and every answer counts for your team.`,
      closing: (p, n) =>
        `Week ${n} of ${p} closes soon and you have not finished it yet. There is still time to play for your team.`,
    },
    play: (link) => `Play now: ${link}`,
    closes: (when) => `Closes: ${when}`,
    footer: (account) =>
      `You receive this because reminders are on in your account. You can turn them off here: ${account}`,
  },
  es: {
    greeting: (name) => `Hola, ${name}:`,
    subject: {
      opening: (p, n) => `${p}: la semana ${n} ya está abierta`,
      closing: (p, n) => `${p}: la semana ${n} cierra pronto`,
    },
    intro: {
      opening: (p, n) =>
        `La semana ${n} de ${p} ya está abierta. Tus preguntas te esperan: solo te llevará unos minutos y cada respuesta cuenta para tu equipo.`,
      closing: (p, n) =>
        `La semana ${n} de ${p} cierra pronto y todavía no la has terminado. Aún estás a tiempo de jugar por tu equipo.`,
    },
    play: (link) => `Juega ahora: ${link}`,
    closes: (when) => `Cierre: ${when}`,
    footer: (account) =>
      `Recibes este mensaje porque tienes los recordatorios activados en tu cuenta. Puedes desactivarlos aquí: ${account}`,
  },
  fr: {
    greeting: (name) => `Bonjour ${name},`,
    subject: {
      opening: (p, n) => `${p} : la semaine ${n} est ouverte`,
      closing: (p, n) => `${p} : la semaine ${n} ferme bientôt`,
    },
    intro: {
      opening: (p, n) =>
        `La semaine ${n} de ${p} est ouverte. Vos questions vous attendent : quelques minutes suffisent, et chaque réponse compte pour votre équipe.`,
      closing: (p, n) =>
        `La semaine ${n} de ${p} ferme bientôt et vous ne l’avez pas encore terminée. Il est encore temps de jouer pour votre équipe.`,
    },
    play: (link) => `Jouer maintenant : ${link}`,
    closes: (when) => `Clôture : ${when}`,
    footer: (account) =>
      `Vous recevez ce message car les rappels sont activés dans votre compte. Vous pouvez les désactiver ici : ${account}`,
  },
  id: {
    greeting: (name) => `Halo ${name},`,
    subject: {
      opening: (p, n) => `${p}: minggu ${n} sudah dibuka`,
      closing: (p, n) => `${p}: minggu ${n} segera ditutup`,
    },
    intro: {
      opening: (p, n) =>
        `Minggu ${n} ${p} sudah dibuka. Pertanyaan Anda sudah menunggu: hanya perlu beberapa menit, dan setiap jawaban berarti bagi tim Anda.`,
      closing: (p, n) =>
        `Minggu ${n} ${p} segera ditutup dan Anda belum menyelesaikannya. Masih ada waktu untuk bermain bagi tim Anda.`,
    },
    play: (link) => `Main sekarang: ${link}`,
    closes: (when) => `Ditutup: ${when}`,
    footer: (account) =>
      `Anda menerima pesan ini karena pengingat aktif di akun Anda. Anda dapat menonaktifkannya di sini: ${account}`,
  },
  pl: {
    greeting: (name) => `Dzień dobry ${name},`,
    subject: {
      opening: (p, n) => `${p}: tydzień ${n} jest już otwarty`,
      closing: (p, n) => `${p}: tydzień ${n} wkrótce się zamyka`,
    },
    intro: {
      opening: (p, n) =>
        `Tydzień ${n} w ${p} jest już otwarty. Twoje pytania czekają: zajmie to tylko kilka minut, a każda odpowiedź liczy się dla Twojej drużyny.`,
      closing: (p, n) =>
        `Tydzień ${n} w ${p} wkrótce się zamyka, a Twoja gra nie jest jeszcze ukończona. Wciąż masz czas, by zagrać dla swojej drużyny.`,
    },
    play: (link) => `Zagraj teraz: ${link}`,
    closes: (when) => `Zamknięcie: ${when}`,
    footer: (account) =>
      `Otrzymujesz tę wiadomość, ponieważ masz włączone przypomnienia na swoim koncie. Możesz je wyłączyć tutaj: ${account}`,
  },
  th: {
    greeting: (name) => `สวัสดีคุณ ${name}`,
    subject: {
      opening: (p, n) => `${p}: สัปดาห์ที่ ${n} เปิดแล้ว`,
      closing: (p, n) => `${p}: สัปดาห์ที่ ${n} ใกล้ปิดแล้ว`,
    },
    intro: {
      opening: (p, n) =>
        `สัปดาห์ที่ ${n} ของ ${p} เปิดแล้ว คำถามของคุณรออยู่ ใช้เวลาเพียงไม่กี่นาที และทุกคำตอบมีความหมายต่อทีมของคุณ`,
      closing: (p, n) => `สัปดาห์ที่ ${n} ของ ${p} ใกล้ปิดแล้ว และคุณยังเล่นไม่จบ ยังมีเวลาเล่นเพื่อทีมของคุณ`,
    },
    play: (link) => `เล่นเลย: ${link}`,
    closes: (when) => `ปิดรับคำตอบ: ${when}`,
    footer: (account) => `คุณได้รับข้อความนี้เพราะเปิดการแจ้งเตือนไว้ในบัญชีของคุณ ปิดการแจ้งเตือนได้ที่: ${account}`,
  },
  vi: {
    greeting: (name) => `Xin chào ${name},`,
    subject: {
      opening: (p, n) => `${p}: tuần ${n} đã mở`,
      closing: (p, n) => `${p}: tuần ${n} sắp đóng`,
    },
    intro: {
      opening: (p, n) =>
        `Tuần ${n} của ${p} đã mở. Các câu hỏi đang chờ bạn: chỉ mất vài phút, và mỗi câu trả lời đều có ý nghĩa với đội của bạn.`,
      closing: (p, n) =>
        `Tuần ${n} của ${p} sắp đóng mà bạn vẫn chưa hoàn thành. Bạn vẫn còn thời gian để chơi cho đội của mình.`,
    },
    play: (link) => `Chơi ngay: ${link}`,
    closes: (when) => `Hạn chót: ${when}`,
    footer: (account) =>
      `Bạn nhận được thư này vì đã bật nhắc nhở trong tài khoản. Bạn có thể tắt nhắc nhở tại đây: ${account}`,
  },
};

export interface ReminderMessageInput {
  language: Language;
  kind: ReminderKind;
  productName: string;
  /** The week's number in the season, 1–6. */
  week: number;
  name: string;
  closesAt: Date;
  timeZone: string;
  publicOrigin: string;
}

/** The subject and plain-text body of one reminder, with the deep link to /questions. */
export function reminderMessage(input: ReminderMessageInput): { subject: string; body: string } {
  const texts = TEXTS[input.language];
  const when = new Intl.DateTimeFormat(input.language, {
    timeZone: input.timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(input.closesAt);
  const body = [
    texts.greeting(input.name),
    '',
    texts.intro[input.kind](input.productName, input.week),
    '',
    texts.play(`${input.publicOrigin}/questions`),
    texts.closes(when),
    '',
    '--',
    texts.footer(`${input.publicOrigin}/account`),
  ].join('\n');
  return { subject: texts.subject[input.kind](input.productName, input.week), body };
}
