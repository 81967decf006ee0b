import { describe, expect, it } from "vitest";
import { planMailCatcher } from "./mail-catcher.mjs";

const options = { mailDirectory: "/srv/quire/.data/mail" };

describe("the mail catcher npm start runs", () => {
  it("runs by default on 1025 (SMTP) and 1080 (inbox), on loopback only, keeping mail under DATA_DIR", () => {
    expect(planMailCatcher({}, options)).toEqual({
      smtpPort: 1025,
      webPort: 1080,
      smtpUrl: "smtp://127.0.0.1:1025",
      inboxUrl: "http://localhost:1080",
      healthUrl: "http://127.0.0.1:1080/api/healthz",
      emailsUrl: "http://127.0.0.1:1080/api/email",
      args: [
        "--smtp",
        "1025",
        "--ip",
        "127.0.0.1",
        "--web",
        "1080",
        "--web-ip",
        "127.0.0.1",
        "--mail-directory",
        "/srv/quire/.data/mail",
        "--max-emails",
        "1000",
      ],
    });
    expect(planMailCatcher({ MAIL_CATCHER: "on" }, options)?.smtpUrl).toBe("smtp://127.0.0.1:1025");
  });

  it("takes its ports from MAIL_CATCHER_PORT and MAIL_CATCHER_WEB_PORT", () => {
    const plan = planMailCatcher({ MAIL_CATCHER_PORT: "2525", MAIL_CATCHER_WEB_PORT: " 8025 " }, options);
    expect(plan).toMatchObject({ smtpPort: 2525, webPort: 8025, smtpUrl: "smtp://127.0.0.1:2525", inboxUrl: "http://localhost:8025" });
    expect(plan?.args).toEqual(expect.arrayContaining(["--smtp", "2525", "--web", "8025"]));
  });

  it("does not run when SMTP_URL names a server, even with MAIL_CATCHER=on", () => {
    expect(planMailCatcher({ SMTP_URL: "smtp://mail.example:587" }, options)).toBeNull();
    expect(planMailCatcher({ SMTP_URL: "smtp://mail.example:587", MAIL_CATCHER: "on" }, options)).toBeNull();
  });

  it("does not run with MAIL_CATCHER=off, however it is written", () => {
    expect(planMailCatcher({ MAIL_CATCHER: "off" }, options)).toBeNull();
    expect(planMailCatcher({ MAIL_CATCHER: " OFF " }, options)).toBeNull();
  });

  it("refuses values it cannot use, naming the variable", () => {
    expect(() => planMailCatcher({ MAIL_CATCHER: "no" }, options)).toThrow('MAIL_CATCHER must be "on" or "off", not "no"');
    for (const port of ["0", "65536", "80a", "-1", "1025.5"]) {
      expect(() => planMailCatcher({ MAIL_CATCHER_PORT: port }, options)).toThrow(
        `MAIL_CATCHER_PORT must be a port number from 1 to 65535, not "${port}"`,
      );
    }
    expect(() => planMailCatcher({ MAIL_CATCHER_WEB_PORT: "http" }, options)).toThrow("MAIL_CATCHER_WEB_PORT must be a port number");
    expect(() => planMailCatcher({ MAIL_CATCHER_PORT: "2000", MAIL_CATCHER_WEB_PORT: "2000" }, options)).toThrow(
      "MAIL_CATCHER_PORT and MAIL_CATCHER_WEB_PORT must differ (both are 2000)",
    );
  });
});
