import { pickLanguage, type Language } from '#shared/domain/language';

/** Texts of the embedded demo identity provider's own pages, in the seven interface languages. */
const texts = {
  en: {
    title: 'Demo sign-in',
    intro:
      'This is the demonstration identity provider built into Podium. Choose who to sign in as.',
    organiser: 'organiser',
    testAccounts: 'People for the automated tests',
    signOutTitle: 'Sign out',
    signOutQuestion: 'Do you want to sign out of the demo identity provider?',
    signOutButton: 'Sign out',
    signedOut: 'You are signed out.',
    back: 'Back to Podium',
    errorTitle: 'Sign-in error',
  },
  es: {
    title: 'Inicio de sesión de demostración',
    intro:
      'Este es el proveedor de identidad de demostración integrado en Podium. Elige con qué cuenta quieres entrar.',
    organiser: 'organizador',
    testAccounts: 'Personas para las pruebas automáticas',
    signOutTitle: 'Cerrar sesión',
    signOutQuestion: '¿Quieres cerrar la sesión en el proveedor de identidad de demostración?',
    signOutButton: 'Cerrar sesión',
    signedOut: 'Has cerrado la sesión.',
    back: 'Volver a Podium',
    errorTitle: 'Error al iniciar sesión',
  },
  fr: {
    title: 'Connexion de démonstration',
    intro:
      "Voici le fournisseur d'identité de démonstration intégré à Podium. Choisissez le compte avec lequel vous connecter.",
    organiser: 'organisateur',
    testAccounts: 'Personnes pour les tests automatisés',
    signOutTitle: 'Déconnexion',
    signOutQuestion: "Voulez-vous vous déconnecter du fournisseur d'identité de démonstration ?",
    signOutButton: 'Se déconnecter',
    signedOut: 'Vous êtes déconnecté.',
    back: 'Retour à Podium',
    errorTitle: 'Erreur de connexion',
  },
  id: {
    title: 'Masuk demo',
    intro:
      'Ini adalah penyedia identitas demo bawaan Podium. Pilih akun yang ingin Anda gunakan untuk masuk.',
    organiser: 'penyelenggara',
    testAccounts: 'Akun untuk pengujian otomatis',
    signOutTitle: 'Keluar',
    signOutQuestion: 'Apakah Anda ingin keluar dari penyedia identitas demo?',
    signOutButton: 'Keluar',
    signedOut: 'Anda telah keluar.',
    back: 'Kembali ke Podium',
    errorTitle: 'Gagal masuk',
  },
  pl: {
    title: 'Logowanie demonstracyjne',
    intro:
      'To demonstracyjny dostawca tożsamości wbudowany w Podium. Wybierz konto, na które chcesz się zalogować.',
    organiser: 'organizator',
    testAccounts: 'Osoby do testów automatycznych',
    signOutTitle: 'Wylogowanie',
    signOutQuestion: 'Czy chcesz wylogować się z demonstracyjnego dostawcy tożsamości?',
    signOutButton: 'Wyloguj się',
    signedOut: 'Wylogowano.',
    back: 'Wróć do Podium',
    errorTitle: 'Błąd logowania',
  },
  th: {
    title: 'เข้าสู่ระบบสาธิต',
    intro: 'นี่คือผู้ให้บริการยืนยันตัวตนสำหรับสาธิตที่มาพร้อมกับ Podium โปรดเลือกบัญชีที่ต้องการใช้เข้าสู่ระบบ',
    organiser: 'ผู้จัดการแข่งขัน',
    testAccounts: 'บัญชีสำหรับการทดสอบอัตโนมัติ',
    signOutTitle: 'ออกจากระบบ',
    signOutQuestion: 'คุณต้องการออกจากระบบของผู้ให้บริการยืนยันตัวตนสำหรับสาธิตหรือไม่',
    signOutButton: 'ออกจากระบบ',
    signedOut: 'คุณออกจากระบบแล้ว',
    back: 'กลับไปที่ Podium',
    errorTitle: 'เข้าสู่ระบบไม่สำเร็จ',
  },
  vi: {
    title: 'Đăng nhập bản demo',
    intro:
      'Đây là nhà cung cấp danh tính dùng để trình diễn, được tích hợp sẵn trong Podium. Hãy chọn tài khoản bạn muốn đăng nhập.',
    organiser: 'ban tổ chức',
    testAccounts: 'Tài khoản cho kiểm thử tự động',
    signOutTitle: 'Đăng xuất',
    signOutQuestion: 'Bạn có muốn đăng xuất khỏi nhà cung cấp danh tính demo không?',
    signOutButton: 'Đăng xuất',
    signedOut: 'Bạn đã đăng xuất.',
    back: 'Quay lại Podium',
    errorTitle: 'Lỗi đăng nhập',
  },
} satisfies Record<Language, Record<string, string>>;

export type IdpTexts = (typeof texts)['en'];

/** Picks the page language from `ui_locales` or the browser's Accept-Language header. */
export function idpTexts(preferred: string | undefined): { language: Language; t: IdpTexts } {
  const tags = (preferred ?? '')
    .split(/[\s,]+/)
    .map((part) => part.split(';')[0]!.trim())
    .filter(Boolean);
  const language = pickLanguage(tags);
  return { language, t: texts[language] };
}
