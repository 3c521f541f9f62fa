/** A point on OpenStreetMap with a marker, zoomed to the streets around it. */
export const mapLink = (lat: number, lon: number) =>
  `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=16/${lat}/${lon}`;
