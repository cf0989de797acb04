/** `$share/<group>/careboard/+/sightings` → `careboard/+/sightings`: the topic messages arrive on. */
export function publishedTopicOf(filter: string): string {
  const levels = filter.split('/');
  return levels[0] === '$share' ? levels.slice(2).join('/') : filter;
}

/**
 * The customer a message's topic names: the level where the subscription's one `+` stands
 * (MQTT_TOPIC, e.g. `careboard/+/sightings`), when the rest of the topic matches; else undefined.
 */
export function customerOfTopic(filter: string, topic: string): string | undefined {
  const wanted = publishedTopicOf(filter).split('/');
  const levels = topic.split('/');
  if (levels.length !== wanted.length) return undefined;
  let customer: string | undefined;
  for (const [i, level] of wanted.entries()) {
    if (level === '+') customer = levels[i];
    else if (level !== levels[i]) return undefined;
  }
  return customer === '' ? undefined : customer;
}
