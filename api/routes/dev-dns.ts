// The local DNS stand-in (issue 16), outside production only: a tester (or an e2e test) "creates" the records the
// console asks an owner for, and the local CustomHostnames provider finds them on the next check.
// - GET /dev/dns-records?name= : the records of a name and its subdomains (all of them without a name);
// - PUT /dev/dns-records {type: CNAME|TXT, name, value} : adds a record (idempotent);
// - DELETE /dev/dns-records?type=&name=[&value=] : deletes them.
// No api key: DNS belongs to no channel, as in the world it stands in for. Any channel's host reaches it.
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context";
import { canonicalHostname, DNS_RECORD_TYPES, localDnsRecordSchema } from "../contract/domains";
import { deleteDnsRecords, listDnsRecords, putDnsRecord, type LocalDnsRow } from "../db/repos/local-dns";
import { body, query } from "../lib/validate";

const nameSchema = z.string().trim().min(1).max(253).transform(canonicalHostname);
const listQuery = z.object({ name: nameSchema.optional() });
const deleteQuery = z.object({ type: z.enum(DNS_RECORD_TYPES), name: nameSchema, value: z.string().min(1).max(1024).optional() });

const wire = (r: LocalDnsRow) => ({ type: r.type, name: r.name, value: r.value, created_at: new Date(r.createdAt).toISOString() });

export const devDnsRoutes = new Hono<AppEnv>()
  .get("/dev/dns-records", query(listQuery), async (c) => {
    const rows = await listDnsRecords(c.get("db"), c.req.valid("query").name);
    c.header("Cache-Control", "no-store");
    return c.json({ data: rows.map(wire) });
  })
  .put("/dev/dns-records", body(localDnsRecordSchema), async (c) => {
    const row = await putDnsRecord(c.get("db"), c.req.valid("json"), c.get("now")());
    c.header("Cache-Control", "no-store");
    return c.json({ data: wire(row) });
  })
  .delete("/dev/dns-records", query(deleteQuery), async (c) => {
    const { type, name, value } = c.req.valid("query");
    const deleted = await deleteDnsRecords(c.get("db"), name, type, type === "CNAME" && value ? canonicalHostname(value) : value);
    c.header("Cache-Control", "no-store");
    return c.json({ data: { deleted } });
  });
