import net from 'node:net';

/** A message as an SMTP server received it: its envelope and raw data (headers and body). */
export type CapturedMail = { from: string; to: string[]; data: string };

/**
 * A tiny SMTP server on 127.0.0.1 that accepts every mail and keeps it, for
 * tests on mail as it goes over the wire (`SMTP_URL: capture.url`).
 */
export async function startSmtpCapture({
  refuseRecipients = false,
}: {
  /** Every recipient is refused (550), as a real server refuses an unknown one. */
  refuseRecipients?: boolean;
} = {}): Promise<{
  url: string;
  mails: CapturedMail[];
  close(): Promise<void>;
}> {
  const mails: CapturedMail[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let current: CapturedMail = { from: '', to: [], data: '' };
    let inData = false;
    socket.write('220 capture.test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          current.data = buffer.slice(0, end + 2).replace(/^\.\./gm, '.');
          buffer = buffer.slice(end + 5);
          mails.push(current);
          current = { from: '', to: [], data: '' };
          inData = false;
          socket.write('250 OK queued\r\n');
          continue;
        }
        const lineEnd = buffer.indexOf('\r\n');
        if (lineEnd === -1) return;
        const line = buffer.slice(0, lineEnd);
        buffer = buffer.slice(lineEnd + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 capture.test\r\n');
        else if (verb === 'MAIL') {
          current.from = line.slice(line.indexOf(':') + 1).trim();
          socket.write('250 OK\r\n');
        } else if (verb === 'RCPT' && refuseRecipients) {
          socket.write('550 5.1.1 No such user here\r\n');
        } else if (verb === 'RCPT') {
          current.to.push(line.slice(line.indexOf(':') + 1).trim());
          socket.write('250 OK\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 End data with <CR><LF>.<CR><LF>\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 Bye\r\n');
          return;
        } else socket.write('250 OK\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A header of a captured mail, unfolded ('From', 'Reply-To'); undefined when absent. */
export function mailHeader(mail: CapturedMail, name: string): string | undefined {
  const head = mail.data.split('\r\n\r\n')[0] ?? '';
  const unfolded = head.replace(/\r\n[ \t]+/g, ' ');
  const prefix = `${name.toLowerCase()}:`;
  const line = unfolded.split('\r\n').find((each) => each.toLowerCase().startsWith(prefix));
  return line?.slice(prefix.length).trim();
}
