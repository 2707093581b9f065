// Local addresses for the scripts that start a server of their own (bench, soak): loopback, and a port the OS frees.
import net from "node:net";

export const HOST_IP = "127.0.0.1";

/** A free port on 127.0.0.1, from the OS. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, HOST_IP, () => {
      const addr = srv.address();
      const port = typeof addr === "object" && addr ? addr.port : 0;
      srv.close(() => (port ? resolve(port) : reject(new Error("no free port"))));
    });
  });
}
