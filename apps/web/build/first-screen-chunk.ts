import type { Plugin } from 'vite';

/** What `firstScreenChunk` returns: the plugin, and the group for `build.rolldownOptions.output.codeSplitting`. */
export interface FirstScreenChunk {
  plugin: Plugin;
  group: { name: string; test: (id: string) => boolean };
}

/**
 * Build step (decision 085): the modules a first screen imports beyond the entry chunk that other screens import too —
 * for the home screen its search form, the query hook, the speciality list, the search URL helpers, the page title — go
 * into one chunk of that name. Left to itself the bundler makes one chunk per set of screens sharing a module, so `/`
 * fetched five small chunks besides its own, each compressed on its own. What only the screen uses stays in the
 * screen's chunk. Another screen that imports one of these modules loads the whole chunk (5 KB gzip, usually already
 * cached by the visit's first screen).
 */
export function firstScreenChunk(name: string, module: string): FirstScreenChunk {
  let members = new Set<string>();
  const plugin: Plugin = {
    name: 'careslot-first-screen-chunk',
    apply: 'build',
    buildEnd(error) {
      if (error) return;
      const root = [...this.getModuleIds()].find((id) => id.replace(/\\/g, '/').endsWith(module));
      if (!root) throw new Error(`first-screen-chunk: no module ${module}`);
      const seen = new Set<string>();
      const stack = [root];
      while (stack.length) {
        const id = stack.pop()!;
        // The app's own modules only: a library's index names every module of the library, used or not. The bundler
        // brings along what the captured modules really use of the libraries (includeDependenciesRecursively).
        if (seen.has(id) || /[\\/]node_modules[\\/]/.test(id)) continue;
        seen.add(id);
        stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
      seen.delete(root);
      // What only this screen uses stays in the screen's own chunk.
      const inScreen = (id: string) => id === root || seen.has(id);
      members = new Set([...seen].filter((id) => !(this.getModuleInfo(id)?.importers ?? []).every(inScreen)));
    },
  };
  // Modules the entry imports statically are captured first by the entry's own group (vite.config.ts).
  return { plugin, group: { name, test: (id) => members.has(id) } };
}
