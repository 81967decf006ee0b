import { translator, type MessageSet } from "../translator";

/** The privacy policy's page (routes/privacy-policy.tsx), where a customer accepts a new version. */
export const privacyMessages = {
  "privacy.title": "Privacy policy",
  "privacy.version": "Version {version}",
  "privacy.updated": "We've updated our privacy policy.",
  "privacy.updated_text": "Please read it and accept it to carry on using your account.",
  "privacy.being_written": "Our privacy policy is being written. Please check back soon.",
  "privacy.by_accepting": "By accepting, you agree to how we handle your information as described above.",
  "privacy.saving": "Saving…",
  "privacy.accept": "Accept privacy policy",
  "privacy.accepted": "You have accepted this version of our privacy policy.",
} as const satisfies MessageSet;

export const t = translator(privacyMessages);
