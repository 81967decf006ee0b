import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { contentTypeOfName, type ImageStorage } from "./image-storage";

/**
 * Image files on this machine's disk, in one folder (under DATA_DIR by default). A file is written under a
 * temporary name and renamed into place, so a reader never sees half of one, and a crash leaves only a
 * temporary file behind.
 */
export function createLocalImageStorage(folder: string): ImageStorage {
  const ready = mkdir(folder, { recursive: true });
  const fileOf = (name: string) => path.join(folder, path.basename(name));
  return {
    kind: "local",
    async put(name, bytes) {
      await ready;
      const temporary = path.join(folder, `.${randomUUID()}.part`);
      try {
        await writeFile(temporary, bytes);
        await rename(temporary, fileOf(name));
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async get(name) {
      await ready;
      const file = fileOf(name);
      const found = await stat(file).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return null;
        throw error;
      });
      if (!found?.isFile()) return null;
      return { body: createReadStream(file), contentType: contentTypeOfName(name), byteLength: found.size };
    },
  };
}

/**
 * The storage of a process given none (tests): a folder under the system's temporary one. Any number of processes
 * may share it, as a file's name is its content.
 */
export function temporaryImageStorage(): ImageStorage {
  return createLocalImageStorage(path.join(os.tmpdir(), "quire-media"));
}
