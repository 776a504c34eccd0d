import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

/** A first screen: the paths it answers (prefix, or exact with `exact`) and the module of its lazy route. */
export interface FirstScreen {
  prefix: string;
  exact?: boolean;
  module: string;
}

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  isEntry: boolean;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * Build step (docs/performance.md): index.html gets a tiny script (its own file) that, before the entry chunk runs, asks
 * the browser for the code of the screen the address opens (its route chunk, the chunks it imports and its CSS). Without
 * it that code is only requested once the entry chunk has loaded, run and matched the route: one more round trip before
 * the first screen can show. The lazy screens' minimum delay is unchanged; the code now arrives while it runs.
 */
export function firstScreenPreload(screens: FirstScreen[]): Plugin {
  return {
    name: 'careslot-first-screen-preload',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (!html || html.type !== 'asset') return;
      const chunks = Object.values(bundle).filter((o) => o.type === 'chunk') as unknown as ChunkLike[];
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const entryFiles = new Set<string>();
      const addEntry = (file: string) => {
        if (entryFiles.has(file)) return;
        entryFiles.add(file);
        byFile.get(file)?.imports.forEach(addEntry);
      };
      chunks.filter((c) => c.isEntry).forEach((c) => addEntry(c.fileName));
      const table: [string, boolean, string[]][] = [];
      for (const screen of screens) {
        const route = chunks.find((c) => c.facadeModuleId?.replace(/\\/g, '/').endsWith(screen.module));
        if (!route) throw new Error(`first-screen-preload: no chunk for ${screen.module}`);
        const files: string[] = [];
        const seen = new Set<string>();
        const walk = (file: string) => {
          if (seen.has(file) || entryFiles.has(file)) return;
          seen.add(file);
          const c = byFile.get(file);
          if (!c) return;
          c.imports.forEach(walk);
          c.viteMetadata?.importedCss.forEach((css) => files.push(css));
          files.push(file);
        };
        walk(route.fileName);
        table.push([screen.prefix, !!screen.exact, [...new Set(files)]]);
      }
      const source =
        `var t=${JSON.stringify(table)},p=location.pathname;for(var i=0;i<t.length;i++){var s=t[i];` +
        `if(s[1]?p===s[0]:p.indexOf(s[0])===0){s[2].forEach(function(f){var l=document.createElement('link');` +
        `if(/\\.css$/.test(f)){l.rel='preload';l.as='style'}else{l.rel='modulepreload'}l.crossOrigin='';l.href='/'+f;` +
        `document.head.appendChild(l)});break}}\n`;
      const fileName = `assets/first-screen-${createHash('sha256').update(source).digest('hex').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName, source });
      // A module script runs once fetched, before the entry (module scripts keep document order), while the entry still
      // downloads. Not inline: the server's Content-Security-Policy allows scripts from the site only.
      const tag = `<script type="module" crossorigin src="/${fileName}"></script>`;
      const text = typeof html.source === 'string' ? html.source : new TextDecoder().decode(html.source);
      if (!text.includes('<script type="module"')) throw new Error('first-screen-preload: no entry script in index.html');
      html.source = text.replace('<script type="module"', `${tag}\n    <script type="module"`);
    },
  };
}
