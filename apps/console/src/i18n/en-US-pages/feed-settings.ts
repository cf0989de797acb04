/** The care setting's feed tabs (Feed rules, ADT mapping), en-US (keys 'feedRules.', 'adt.'). */
export const feedSettingsEnUS = {
  'careSetting.tab.feedRules': 'Feed rules',
  'careSetting.tab.adtMapping': 'ADT mapping',
  'feedRules.intro':
    'When a patient badge enters a place, its visit moves to a phase. A rule for one location wins over a rule for its kind.',
  'feedRules.workflow': 'Workflow of the rules',
  'feedRules.noWorkflow': 'First add a workflow on the Workflows tab.',
  'feedRules.title': 'Feed rules of {name}',
  'feedRules.thing': 'feed rule',
  'feedRules.field.place': 'When a patient badge enters',
  'feedRules.field.phase': 'Move the visit to phase',
  'feedRules.place.kind': 'Any location of kind {kind}',
  'feedRules.place.location': 'Location {name}',
  'feedRules.ruleName': '{place} → {phase}',
  'adt.intro':
    'HL7 ADT messages find their customer by receiving facility (MSH-6) and their workflow by point of care (PV1-3.1).',
  'tags.silence.title': 'Non-reporting tags',
  'tags.silence.help':
    'A tag the RTLS feed has not seen for this long is non-reporting: its badge is not handed to a patient until it is seen again.',
  'tags.silence.field': 'Non-reporting after (minutes)',
  'tags.silence.save': 'Save the time',
  'tags.silence.saved': 'The non-reporting time is saved.',
  'adt.default.title': 'Default ADT workflow',
  'adt.default.help':
    'An admitted patient whose point of care maps to no workflow joins this workflow at its first phase. With none, such an admit is refused.',
  'adt.default.field': 'Default ADT workflow',
  'adt.default.none': 'None: refuse unmapped admits',
  'adt.default.save': 'Save the default workflow',
  'adt.default.saved': 'The default ADT workflow is saved.',
  'adt.points.title': 'Points of care',
  'adt.points.thing': 'point of care',
  'adt.field.pointOfCare': 'Point of care (PV1-3.1)',
  'adt.field.pointOfCareHelp': 'Exactly as the EHR sends it.',
  'adt.field.workflow': 'Workflow',
  'adt.field.phase': 'Transfer to phase',
  'adt.field.phaseHelp':
    'Where an A02 transfer to this point of care moves the visit; none: the feed rules of the room decide.',
  'adt.phaseOf': '{workflow}: {phase}',
  'adt.noPhase': 'None',
  'adt.facilities.title': 'Receiving facilities',
  'adt.facilities.intro':
    'Messages whose MSH-6 names one of these come to this customer. Without one, MSH-6 must be the customer id.',
  'adt.facilities.thing': 'facility',
  'adt.field.facility': 'Facility (MSH-6)',
  'adt.field.addedAt': 'Added',
} as const;
