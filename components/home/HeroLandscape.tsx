import { BAY_LEVEL, LANDSCAPE_HEIGHT, LANDSCAPE_WIDTH, landscapeRidges } from '@/lib/home/landscape';
import styles from './HeroLandscape.module.css';

const ridges = landscapeRidges();

/** The home hero's picture (decorative): sun, hills and the bay, from lib/home/landscape. */
export function HeroLandscape() {
  return (
    <svg
      className={styles.landscape}
      viewBox={`0 0 ${LANDSCAPE_WIDTH} ${LANDSCAPE_HEIGHT}`}
      preserveAspectRatio="xMidYMax slice"
      aria-hidden="true"
      focusable="false"
    >
      <circle className={styles.sun} cx={LANDSCAPE_WIDTH * 0.72} cy={70} r={40} />
      {ridges.slice(0, 2).map((ridge) => (
        <path key={ridge.layer} className={styles[ridge.layer]} d={ridge.path} />
      ))}
      <rect className={styles.bay} x={0} y={BAY_LEVEL} width={LANDSCAPE_WIDTH} height={LANDSCAPE_HEIGHT - BAY_LEVEL} />
      <path className={styles.near} d={ridges[2].path} />
    </svg>
  );
}
