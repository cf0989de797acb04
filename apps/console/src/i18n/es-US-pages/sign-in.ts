import type { signInEnUS } from '../en-US-pages/sign-in.ts';

/** The Sign-in tab's es-US texts: the same keys as en-US. */
export const signInEsUS: Readonly<Record<keyof typeof signInEnUS, string>> = {
  'signIn.intro':
    'Cómo inician sesión las personas de este cliente: con el proveedor de identidad del propio hospital, con una contraseña de Careboard, o de las dos maneras. El directorio del hospital también puede mantener las cuentas al día por SCIM.',
  'signIn.copy': 'Copiar',
  'signIn.copyOf': 'Copiar {what} de {name}',
  'signIn.copied': '{what} está copiado.',
  'signIn.copyFailed': 'No se pudo copiar {what}: selecciónelo y cópielo a mano.',

  'signIn.connections.title': 'Conexiones de inicio de sesión',
  'signIn.connections.intro':
    'Quien tenga un correo de uno de los dominios de una conexión inicia sesión con el proveedor del hospital; las reglas de roles de la conexión le dan su rol. Pruebe el inicio de sesión antes de activar una conexión.',
  'signIn.connections.add': 'Agregar una conexión de inicio de sesión',
  'signIn.connections.addTitle': 'Agregar una conexión de inicio de sesión',
  'signIn.connections.none': 'Aún no hay conexiones: todos inician sesión con una contraseña de Careboard.',
  'signIn.connections.saved': '{name} está guardada.',
  'signIn.connections.deleted': 'Se eliminó {name}.',
  'signIn.connections.deleteBody':
    'Las personas de sus dominios ya no podrán iniciar sesión con {name}, y sus tokens SCIM dejan de funcionar. Esto no se puede deshacer.',

  'signIn.kind.oidc': 'Protocolo OpenID Connect',
  'signIn.kind.saml': 'Protocolo SAML 2.0',
  'signIn.authMethod.client_secret_basic': 'Secreto del cliente en el encabezado (client_secret_basic)',
  'signIn.authMethod.client_secret_post': 'Secreto del cliente en el cuerpo (client_secret_post)',
  'signIn.authMethod.private_key_jwt': 'Clave firmada de Careboard (private_key_jwt)',
  'signIn.overage.refuse': 'Rechazar el inicio de sesión',
  'signIn.overage.use_roles': 'Leer en su lugar la notificación de roles',
  'signIn.metadataSource.url': 'Desde su URL',
  'signIn.metadataSource.xml': 'Pegar el XML',
  'signIn.defaultRole.refuse': 'Rechazar el inicio de sesión',
  'signIn.defaultRole.staff': 'Personal',
  'signIn.defaultRole.visitor': 'Visitante',

  'signIn.form.provider': 'El proveedor del hospital',
  'signIn.form.claims': 'Notificaciones (claims)',
  'signIn.form.claimsHelp':
    'Dónde lleva cada valor el token de identidad: el nombre de una notificación o una ruta con puntos (realm_access.roles).',
  'signIn.form.attributes': 'Atributos',
  'signIn.field.kind': 'Tipo',
  'signIn.field.kindFixed': 'Una conexión conserva su tipo: agregue otra para el otro tipo.',
  'signIn.field.name': 'Nombre',
  'signIn.field.domains': 'Dominios de correo',
  'signIn.field.domainsHelp':
    'Los dominios que atiende, separados por comas o espacios (hospital.org, clinica.org).',
  'signIn.field.enabled': 'Activada (sus dominios inician sesión aquí)',
  'signIn.field.enabledHelp':
    'Déjela desactivada hasta que la prueba de inicio de sesión funcione: mientras tanto sus dominios inician sesión como antes.',
  'signIn.field.issuer': 'Emisor',
  'signIn.field.issuerHelp':
    'La URL del emisor del proveedor, tal como la nombra su documento de descubrimiento.',
  'signIn.field.clientId': 'ID de cliente',
  'signIn.field.clientSecret': 'Secreto del cliente',
  'signIn.field.clientSecretHelp': 'Tal como lo dio el proveedor. Se guarda y no se vuelve a mostrar.',
  'signIn.field.clientSecretKept':
    'Hay un secreto guardado: deje esto en blanco para conservarlo o escriba uno nuevo.',
  'signIn.field.authMethod': 'Autenticación en el punto de conexión del token',
  'signIn.field.privateKeyHelp':
    'Careboard firma con su propia clave y no envía ningún secreto: entregue al proveedor el URI de JWKS que se muestra con la conexión una vez guardada.',
  'signIn.field.scopes': 'Ámbitos (scopes)',
  'signIn.field.scopesHelp': 'Separados por espacios; openid es necesario.',
  'signIn.field.acrValues': 'Valores ACR requeridos (opcional)',
  'signIn.field.acrValuesHelp':
    'Separados por espacios. Si se indican, se rechaza una respuesta que no tenga ninguno (inicio de sesión multifactor).',
  'signIn.field.subjectClaim': 'Notificación del sujeto',
  'signIn.field.subjectClaimHelp':
    'El identificador de la persona: sub, salvo que el proveedor necesite otro (Entra ID: oid).',
  'signIn.field.emailClaim': 'Notificación del correo',
  'signIn.field.nameClaim': 'Notificación del nombre',
  'signIn.field.groupsClaim': 'Notificación de los grupos',
  'signIn.field.groupsOverage': 'Cuando el token tiene demasiados grupos',
  'signIn.field.groupsOverageHelp': 'Entra ID omite los grupos pasado su límite (exceso de grupos).',
  'signIn.field.rolesClaim': 'Notificación de los roles',
  'signIn.field.metadataSource': 'Los metadatos del IdP',
  'signIn.field.metadataUrl': 'URL de los metadatos',
  'signIn.field.metadataUrlHelp':
    'Careboard lee de ella el ID de entidad, la URL de inicio de sesión y los certificados.',
  'signIn.field.metadataXml': 'XML de los metadatos',
  'signIn.field.metadataXmlHelp': 'El EntityDescriptor completo, tal como lo exporta el IdP.',
  'signIn.field.metadataXmlKept':
    'Hay metadatos guardados: deje esto en blanco para conservarlos o pegue un XML nuevo.',
  'signIn.field.emailAttribute': 'Atributo del correo',
  'signIn.field.nameAttribute': 'Atributo del nombre',
  'signIn.field.groupsAttribute': 'Atributo de los grupos',
  'signIn.field.group': 'Grupo',
  'signIn.field.ruleRole': 'Rol',
  'signIn.field.defaultRole': 'Cuando ninguna regla coincide',
  'signIn.field.defaultRoleHelp': 'Rechazar deja fuera a todos los que ninguna regla nombra.',

  'signIn.rules.title': 'Reglas de roles',
  'signIn.rules.help':
    'En orden: la primera regla cuyo grupo sea uno de los de la persona le da el rol. Un grupo es su nombre o su ID tal como lo envía el proveedor (Entra ID envía IDs de objeto).',
  'signIn.rules.none': 'No hay reglas: todos reciben el rol para cuando ninguna regla coincide.',
  'signIn.rules.rule': 'Regla {position}',
  'signIn.rules.up': 'Subir la regla {position}',
  'signIn.rules.down': 'Bajar la regla {position}',
  'signIn.rules.remove': 'Quitar la regla {position}',
  'signIn.rules.add': 'Agregar una regla',
  'signIn.rules.moved': 'La regla es ahora la número {position} de {count}.',
  'signIn.rules.removed': 'Se quitó la regla {position}.',

  'signIn.connection.enabled': 'Activada',
  'signIn.connection.disabled': 'Desactivada',
  'signIn.connection.noDomains': 'Ninguno todavía',
  'signIn.connection.rule': '{group}: rol {role}',
  'signIn.connection.secretSet': 'Guardado',
  'signIn.connection.noSecret': 'Ninguno',
  'signIn.connection.metadata': 'Metadatos',
  'signIn.connection.metadataPasted': 'XML pegado',
  'signIn.connection.idpEntityId': 'ID de entidad del IdP',
  'signIn.connection.idpSsoUrl': 'URL de inicio de sesión del IdP',
  'signIn.connection.idpCertificates': 'Certificados de firma',
  'signIn.connection.forIdpAdmin': 'Para el administrador del IdP del hospital',
  'signIn.connection.forIdpAdminHelp.oidc':
    'Registre Careboard en el proveedor como aplicación web con este URI de redirección.',
  'signIn.connection.forIdpAdminHelp.saml':
    'Registre Careboard como proveedor de servicios: desde su URL de metadatos, o con su ID de entidad y su URL de ACS.',
  'signIn.connection.redirectUri': 'URI de redirección',
  'signIn.connection.jwksUri': 'URI de JWKS',
  'signIn.connection.spEntityId': 'ID de entidad del SP',
  'signIn.connection.acsUrl': 'URL de ACS',
  'signIn.connection.spMetadataUrl': 'URL de metadatos del SP',
  'signIn.connection.test': 'Probar el inicio de sesión',
  'signIn.connection.testOf': 'Probar el inicio de sesión con {name}',
  'signIn.connection.testOpened':
    'La prueba de inicio de sesión se abrió en una ventana nueva: inicie sesión allí como una persona del hospital para ver lo que envió el proveedor y el rol que da. Hora de vencimiento: {until}.',
  'signIn.connection.testLink': '¿No se abrió ninguna ventana? Abra la prueba de inicio de sesión',
  'signIn.connection.edit': 'Editar',
  'signIn.connection.enable': 'Activar',
  'signIn.connection.disable': 'Desactivar',
  'signIn.connection.enableOf': 'Activar {name}',
  'signIn.connection.disableOf': 'Desactivar {name}',
  'signIn.connection.nowEnabled': '{name} está activada: sus dominios inician sesión allí.',
  'signIn.connection.nowDisabled':
    '{name} está desactivada: sus dominios inician sesión como si no existiera.',

  'signIn.password.title': 'Inicio de sesión con contraseña',
  'signIn.password.who': 'Quién puede iniciar sesión con una contraseña de Careboard',
  'signIn.password.everyone': 'Todos los que tengan una',
  'signIn.password.break_glass_only': 'Solo las cuentas de emergencia elegidas abajo',
  'signIn.password.accounts': 'Cuentas de emergencia',
  'signIn.password.accountsHelp':
    'Elija administradores que tengan una contraseña de Careboard: podrán seguir iniciando sesión, y reparar la conexión, cuando el proveedor del hospital no funcione.',
  'signIn.password.account': '{name} ({email}), rol {role}',
  'signIn.password.accountDisabled': '{name} ({email}), {role}, desactivado',
  'signIn.password.noneChosen':
    'Elija al menos una cuenta de emergencia: sin ninguna, nadie podría iniciar sesión con contraseña y la consola quedaría bloqueada cada vez que el proveedor del hospital no funcione.',
  'signIn.password.save': 'Guardar el inicio de sesión con contraseña',
  'signIn.password.saved': 'El inicio de sesión con contraseña está guardado.',

  'signIn.scim.title': 'Tokens SCIM',
  'signIn.scim.intro':
    'El directorio del hospital (Entra ID, Okta) crea, cambia y desactiva cuentas por SCIM con uno de estos tokens. Cada uno pertenece a una conexión, y los grupos que envía alimentan las reglas de roles de esa conexión.',
  'signIn.scim.name': 'Nombre',
  'signIn.scim.nameHelp': 'Quién lo usa, p. ej. "Aprovisionamiento de Entra ID".',
  'signIn.scim.connection': 'Conexión',
  'signIn.scim.made': 'Creado',
  'signIn.scim.lastUsed': 'Último uso',
  'signIn.scim.never': 'Nunca',
  'signIn.scim.none': 'Aún no hay tokens SCIM.',
  'signIn.scim.makeTitle': 'Crear un token SCIM',
  'signIn.scim.make': 'Crear el token',
  'signIn.scim.noConnection': 'Primero agregue una conexión de inicio de sesión: un token pertenece a una.',
  'signIn.scim.shownTitle': 'El nuevo token SCIM {name}',
  'signIn.scim.shownOnce': 'Copie el token ahora: se muestra esta única vez y no se puede volver a leer.',
  'signIn.scim.shownHelp':
    'Entregue ambos al directorio del hospital: la URL base como su URL de inquilino y el token como su token secreto.',
  'signIn.scim.baseUrl': 'URL base de SCIM',
  'signIn.scim.token': 'Token SCIM',
  'signIn.scim.done': 'Listo',
  'signIn.scim.revoke': 'Revocar',
  'signIn.scim.revokeOf': 'Revocar {name}',
  'signIn.scim.revokeTitle': '¿Revocar {name}?',
  'signIn.scim.revokeBody':
    'El directorio que lo usa queda rechazado desde ese momento. Esto no se puede deshacer.',
  'signIn.scim.revoked': 'Se revocó {name}.',
};
