import { describe, expect, it } from 'vitest';
import { customerOfTopic, publishedTopicOf } from './mqtt-topic.ts';

describe('the customer an MQTT topic names', () => {
  it('is the level where the subscription has its +', () => {
    expect(customerOfTopic('careboard/+/sightings', 'careboard/demo/sightings')).toBe('demo');
    expect(customerOfTopic('site/rtls/+', 'site/rtls/acme')).toBe('acme');
  });

  it('is none when the rest of the topic does not match or the level is empty', () => {
    expect(customerOfTopic('careboard/+/sightings', 'careboard/demo/other')).toBeUndefined();
    expect(customerOfTopic('careboard/+/sightings', 'careboard/demo/sightings/x')).toBeUndefined();
    expect(customerOfTopic('careboard/+/sightings', 'careboard//sightings')).toBeUndefined();
  });

  it('reads through a shared subscription ($share/<group>/…), which spreads messages over a cluster', () => {
    expect(publishedTopicOf('$share/careboard/careboard/+/sightings')).toBe('careboard/+/sightings');
    expect(customerOfTopic('$share/careboard/careboard/+/sightings', 'careboard/demo/sightings')).toBe(
      'demo',
    );
  });
});
