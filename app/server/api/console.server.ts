// The console's calls (issue 16), made as the signed-in owner or admin: the channel's definition by section, the
// audit log, images, and the platform's channels.
import type { AuditLogEntry, ConsoleImage, SectionState } from "@api/contract/console";
import type { EditableSectionName } from "@api/channels/editable";
import type { CreateChannelInput, CreatedChannel, PlatformChannel } from "@api/contract/platform";
import { asUser, createApiClient, type ApiClientOptions } from "./client.server";

type Data<T> = { data: T };
const data = <T>(p: Promise<Data<T>>) => p.then((r) => r.data);
const item = (section: EditableSectionName, id: string) => `console/sections/${section}/items/${encodeURIComponent(id)}`;

export function consoleEndpoints(options: ApiClientOptions) {
  return {
    /** The calls made as the user holding `token`; a 401 runs `onUnauthenticated` (SPEC §8). */
    withUser(token: string | null, onUnauthenticated?: () => void) {
      const client = createApiClient(asUser(options, token, onUnauthenticated));
      return {
        section: (name: EditableSectionName) => data(client.get<Data<SectionState>>(`console/sections/${name}`)),
        replaceSection: (name: EditableSectionName, version: number, value: unknown) =>
          data(client.put<Data<SectionState>>(`console/sections/${name}`, { body: { version, value } })),
        /** `base`: the item's tag as the editor read it (SectionState.tags), so another item's change meanwhile is no conflict. */
        saveItem: (name: EditableSectionName, id: string, version: number, value: Record<string, unknown>, base?: string) =>
          data(client.put<Data<SectionState>>(item(name, id), { body: { version, value, ...(base ? { base } : {}) } })),
        removeItem: (name: EditableSectionName, id: string, version: number, base?: string) =>
          data(client.delete<Data<SectionState>>(item(name, id), { query: { version, ...(base ? { base } : {}) } })),
        audit: (query: { limit?: number; before?: number; target?: string } = {}) => data(client.get<Data<AuditLogEntry[]>>("console/audit", { query })),
        images: () => data(client.get<Data<ConsoleImage[]>>("console/images")),
        uploadImage: (file: File) => {
          const form = new FormData();
          form.set("file", file);
          return data(client.post<Data<ConsoleImage>>("console/images", { form }));
        },
        channels: () => data(client.get<Data<PlatformChannel[]>>("platform/channels")),
        createChannel: (input: Partial<CreateChannelInput>) => data(client.post<Data<CreatedChannel>>("platform/channels", { body: input })),
      };
    },
  };
}

export type ConsoleEndpoints = ReturnType<typeof consoleEndpoints>;
export type ConsoleCalls = ReturnType<ConsoleEndpoints["withUser"]>;
