import { useEffect, useState } from 'react';

type Renderer = (text: string) => string;
let renderer: Renderer | null = null;
let loading: Promise<Renderer> | null = null;

/** Loads the Markdown renderer on first use, so pages without formatted text never download it. */
export function loadRenderer(): Promise<Renderer> {
  if (renderer) return Promise.resolve(renderer);
  loading ??= import('../lib/markdown.ts').then((m) => {
    renderer = m.renderMarkdown;
    return renderer;
  });
  return loading;
}

type Props = { text: string; className?: string; inline?: boolean; id?: string };

/**
 * Formatted text of a paper (passage, question, option), rendered sanitised by the one renderer in
 * lib/markdown.ts. Until the renderer has loaded, the text shows as written.
 */
export function RichText({ text, className = '', inline = false, id }: Props) {
  const [render, setRender] = useState<Renderer | null>(() => renderer);
  useEffect(() => {
    if (render) return;
    let live = true;
    void loadRenderer().then((r) => {
      if (live) setRender(() => r);
    });
    return () => {
      live = false;
    };
  }, [render]);
  const Tag = inline ? 'span' : 'div';
  if (!render) {
    return (
      <Tag id={id} className={`whitespace-pre-wrap ${className}`}>
        {text}
      </Tag>
    );
  }
  return (
    <Tag
      id={id}
      className={`rich-text ${inline ? 'rich-text-inline' : ''} ${className}`}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by lib/markdown.ts (allow-listed tags, own images only)
      dangerouslySetInnerHTML={{ __html: render(text) }}
    />
  );
}
