/** An application's icon on a catalogue card: a data-URL image, an emoji, or the fallback emoji. */
export function AppIcon({ icon, fallback }: { icon: string; fallback: string }) {
  return (
    <div aria-hidden style={{ fontSize: 32, lineHeight: 1, minWidth: 40, textAlign: 'center' }}>
      {icon.startsWith('data:image') ? <img src={icon} alt="" width={40} height={40} /> : icon || fallback}
    </div>
  );
}
