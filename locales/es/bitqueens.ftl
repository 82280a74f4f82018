# bitqueens, español. Traducido de locales/en/bitqueens.ftl (la fuente): las mismas claves y los
# mismos marcadores ({ $n } …); npm run i18n:check lo comprueba. docs/translating.md explica cómo.
# Las cadenas de bits, las máscaras (ld, col, rd), el código y "N" no se traducen.

## La cabecera

masthead-what = N reinas, ninguna atacando a otra, colocadas una operación de bits cada vez.
masthead-legend = Qué significan { $masks }
masthead-class = Clase en directo
    .title = Una clase en directo: tu tablero en la pantalla de cada estudiante, las respuestas del aula como histograma
masthead-theme = Tema
masthead-theme-system = Sistema
masthead-theme-light = Claro
masthead-theme-dark = Oscuro
masthead-lessons = Lecciones
masthead-lessons-choose = elige una lección
masthead-lessons-hint = Las flechas eligen una lección, Intro la abre.
masthead-presenter = Presentador
    .title = Tablero, máscaras y narración a pantalla completa, para un mando: Av Pág / Re Pág, B oscurece
masthead-projector = Proyector
    .title = Letra grande y alto contraste para el aula
masthead-keyboard = Teclado ?
    .title = Atajos de teclado (?)

## El aviso arriba de la página: un recuento guardado de una visita anterior

count-notice-group =
    .aria-label = Recuento guardado de una visita anterior
count-notice-resume = Reanudarlo
count-notice-later = Más tarde

## El menú Idioma

language-label = Idioma
language-hint = Las flechas eligen un idioma, Intro lo aplica.

## Un tamaño de tablero escrito

board-size-empty = El tamaño del tablero está vacío: escribe un número entero del 1 al { $max }.
board-size-not-whole = El tamaño del tablero «{ $typed }» no es un número entero: usa del 1 al { $max }.
board-size-out-of-range = El tamaño del tablero { $typed } está fuera de rango: usa del 1 al { $max }.
board-size-not-number = El tamaño del tablero no es un número: usa del 1 al { $max }.

## Duraciones y velocidades

duration-none = –
duration-under-ms = < 1 ms
duration-ms = { $ms } ms
duration-s = { $s } s
duration-min-s = { $min } min { $s } s
duration-h-min = { $h } h { $min } min
duration-days = { $count ->
    [one] { $days } día
   *[other] { $days } días
}
duration-years = { $count ->
    [one] { $years } año
   *[other] { $years } años
}
duration-million-years = { $millions } millones de años
duration-power-years = { $mantissa } × 10^{ $exponent } años
rate-million = { $millions } M { $unit }/s
rate-plain = { $perSecond } { $unit }/s
workers = { $count ->
    [one] { $workers } proceso
   *[other] { $workers } procesos
}

## Contar todas las soluciones

count-title = Contar todas las soluciones
count-title-note = fuera del hilo principal, en Web Workers
count-size = Tamaño a contar
count-device = Contar en
count-device-label =
    .title = La GPU cuenta la división del tablero que hace el núcleo: las primeras filas fijadas, una invocación de la GPU por cada forma de llenarlas
count-device-cpu = la CPU
count-device-gpu = la GPU: { $name }
count-workers = Procesos
count-workers-all = { $workers } (uno por núcleo)
count-method = Método
count-method-label =
    .title = Encuentro a mitad de camino une medios tableros este y oeste (el más rápido); Vuelta atrás recorre el tablero entero, como el reproductor
count-keep = Guardar el progreso
count-keep-label =
    .title = Guarda cada subproblema terminado en este navegador (IndexedDB), para poder reanudar tras recargar, un fallo o una pestaña cerrada
count-all = Contar todo
count-race = Carrera de contadores
    .title = El mismo N contado uno tras otro por la recursión clásica en JS, la máscara de bits simple en wasm y el contador con vuelta atrás en wasm (el rápido de los tres), cada uno en un proceso
count-cancel = Cancelar
count-race-rows =
    .aria-label = Carrera
count-saved =
    .aria-label = Recuento sin terminar
count-resume = Reanudar
count-discard = Descartar
count-confirm =
    .aria-label = Confirmar un recuento largo
count-confirm-yes = Contar de todos modos
count-confirm-no = No
count-progress-bar =
    .aria-label = Progreso del recuento
count-intro = Cuenta todas las soluciones del tamaño de tablero de arriba, repartidas entre procesos: por encuentro a mitad de camino (medios tableros este y oeste unidos donde sus diagonales no se cruzan) o con el contador con vuelta atrás (simetría completa, anticipación).
count-table-box =
    .aria-label = Tabla de los recuentos de esta visita
count-table =
    .aria-label = Recuentos de esta visita
count-table-n = N
count-table-method = Método
count-table-solutions = Soluciones
count-table-unique = Únicas
count-table-published = Publicado (OEIS)
count-table-time = Tiempo
count-table-workers = Procesos
count-table-speed = Velocidad
count-table-agree = { $total } / { $unique } ✓
count-table-differ = { $total } / { $unique } ✗ difiere
count-table-resumed = { $time } (reanudado: solo el resto)
count-table-gpu = GPU
count-chart =
    .aria-label = Tiempo de recuento según N, escala logarítmica
count-chart-line = { $workers }, { $method }

count-method-meet = encuentro a mitad de camino
count-method-backtrack = vuelta atrás
count-method-gpu = la GPU (una invocación por tablero parcial)
count-method-option-meet = Encuentro a mitad de camino
count-method-option-backtrack = Vuelta atrás
count-unit-meet = medios tableros
count-unit-backtrack = nodos
count-unit-gpu = soluciones

count-race-title = Carrera en N = { $n }, un proceso cada uno
count-racer-plain-js-name = Recursión simple en JS
count-racer-plain-js-detail = la versión clásica de los blogs: máscara de bits recursiva, sin simetría
count-racer-plain-wasm-name = Máscara de bits simple en wasm
count-racer-plain-wasm-detail = la misma búsqueda, en Rust compilado a WebAssembly
count-racer-fast-name = Contador con vuelta atrás en wasm
count-racer-fast-detail = simetría completa con reglas fijas por fila, anticipación, bucle iterativo
count-racer-waiting = esperando
count-racer-running = en marcha: { $time }, { $rate }
count-racer-done = { $total } soluciones{ $verdict } en { $time }, { $rate }{ $faster }
count-racer-matches = {" "}✓ coincide con OEIS
count-racer-differs = {" "}✗ difiere de OEIS
count-racer-faster = , { $times }× la velocidad del JS simple
count-racer-cancelled = cancelado
count-racer-failed = falló

count-next-size = N = { $typed }
count-next-size-empty = El tamaño escrito
count-resized-counting = El recuento de N = { $n } sigue. { $next } es para el próximo recuento: pulsa Contar todo cuando este termine, o cancélalo antes.
count-resized-racing = La carrera en N = { $n } sigue. { $next } es para la próxima carrera o recuento: púlsalo cuando esta carrera termine, o cancélala antes.
count-busy-counting = El recuento de N = { $n } sigue en marcha: espera a que termine o pulsa Cancelar antes.
count-busy-racing = La carrera sigue en marcha: espera a que termine o pulsa Cancelar antes.
count-busy-confirming = Un recuento largo espera tu respuesta: pulsa Contar de todos modos o No antes.
count-busy-checking = Se está comprobando un fragmento: espera a que termine o pulsa Cancelar antes.
count-busy-loading = Se está leyendo un recuento guardado: espera un momento.
count-gpu-holds = La GPU cuenta con su propia división del tablero, de una vez: esto es para los procesos de la CPU.
count-too-large = Se cuenta hasta { $largest }: N = { $above } tardaría días en un navegador. El reproductor de arriba llega hasta { $player }.
count-too-large-gpu = Se cuenta hasta { $largest }. El reproductor de arriba llega hasta { $player }.
count-size-refused = { $why } { $more }
count-gpu-lost = Se perdió la GPU ({ $reason }): el recuento sigue desde el bloque { $chunk } de { $chunks } en una nueva.
count-race-too-large = La carrera llega hasta { $largest }: en { $above } la recursión simple en JS tarda más de un minuto por sí sola. Usa Contar todo para tableros mayores.
count-confirm-question = Contar N = { $n } con { $workers } tarda unos { $time } en este ordenador. ¿Contar de todos modos?
count-confirm-question-memory = Contar N = { $n } con { $workers } tarda unos { $time } en este ordenador, con unos { $mib } MiB de memoria por proceso. ¿Contar de todos modos?
count-not-counted = N = { $n } no contado.
count-unique-step = Contando las soluciones que media vuelta o un cuarto de vuelta dejan iguales, para el recuento de únicas…
count-keep-failed = No se pudo guardar el progreso ({ $error }): el recuento sigue, pero al recargar solo se podrá reanudar lo guardado antes.
count-forget-failed = No se pudo borrar el progreso guardado
count-failed = El recuento falló
count-list-changed = El progreso guardado de N = { $n } se hizo sobre otra lista de subproblemas (de otra versión de esta página): no se puede sumar a esta. Se descartó: pulsa Contar todo para contar N = { $n } desde el principio.
count-discarded = Se descartó el progreso guardado de N = { $n }.
count-cancelled = Cancelado.
count-panel-closed = Panel cerrado: el recuento se canceló.

count-start = Contando N = { $n } con { $workers }…
count-start-gpu = Contando N = { $n } en la GPU ({ $name })…
count-start-resume = Reanudando N = { $n } con { $workers }: se guardaron { $kept } de { $total } subproblemas…
count-start-check = Comprobando { $what } de N = { $n }: contando de nuevo { $sample } de sus { $parts } subproblemas…
count-start-race = Carrera en N = { $n }: cada contador por turno en un proceso…
count-race-done = Carrera en N = { $n } terminada.
count-checked = Comprobado en { $time }.

count-progress = { $done } de { $of } subproblemas · { $rate } · { $time } transcurridos{ $left }{ $kept }
count-progress-gpu = { $done } de { $of } bloques de tableros parciales · { $rate } · { $time } transcurridos{ $left }{ $kept }
count-progress-left = {" "}· quedan unos { $time }
count-progress-kept = {" "}· { $kept } guardados en este navegador

count-stopped = { $why } Detenido tras { $time }; se detuvieron todos los procesos.{ $resume }
count-stopped-gpu = { $why } Detenido tras { $time }; la GPU se detuvo tras el bloque que contaba.{ $resume }
count-stopped-all-kept = {" "}Se contaron y guardaron todos los subproblemas ({ $of }); solo faltaba el recuento de únicas: Reanudar lo hace.
count-stopped-some-kept = {" "}Lo contado está guardado ({ $kept } de { $of } subproblemas): Reanudar sigue desde ahí.
count-stopped-kept = {" "}Lo contado está guardado: Reanudar sigue desde ahí.

count-notice = Quedó sin terminar en este navegador un recuento de N = { $n } ({ $method }): hay guardados { $done } de { $total } subproblemas. Reanúdalo para contar el resto, en el panel de recuento de abajo.
count-offer = Un recuento sin terminar de N = { $n } ({ $method }): { $done } de { $total } subproblemas contados y guardados en este navegador (último a las { $time }). Reanudar cuenta el resto; Contar todo empieza de cero.{ $more }
count-offer-more = {" "}También guardados: N = { $sizes } (escribe su tamaño para reanudarlo).

count-all-kept = Los { $total } subproblemas ya estaban contados y guardados: no quedaba nada por contar ({ $method }).
count-all-kept-unique = Los { $total } subproblemas ya estaban contados y guardados: solo quedaba el recuento de únicas, hecho ahora ({ $method }).
count-done = Contado en { $time } con { $where }, { $rate }, por { $method }.{ $kept }
count-done-kept = {" "}Se guardaron de antes { $kept } de { $total } subproblemas.
count-on-gpu = la GPU ({ $adapter })
count-gpu-split = { $rows ->
    [one] {" "}Se fijó la primera fila: { $boards } tableros parciales (la primera reina en la mitad izquierda, cada uno valiendo también por su imagen especular), una invocación de la GPU por cada uno, en { $chunks } bloques.
   *[other] {" "}Se fijaron las primeras { $rows } filas: { $boards } tableros parciales (la primera reina en la mitad izquierda, cada uno valiendo también por su imagen especular), una invocación de la GPU por cada uno, en { $chunks } bloques.
}
count-result = N = { $n }: { $total ->
    [one] { $total } solución
   *[other] { $total } soluciones
}, { $unique ->
    [one] { $unique } única
   *[other] { $unique } únicas
}. { $compare }
count-result-total-only = N = { $n }: { $total ->
    [one] { $total } solución
   *[other] { $total } soluciones
}; el recuento de únicas se canceló. { $compare }
count-published-both = Publicado (OEIS A000170 / A002562): { $total } / { $unique } { $verdict }
count-published-total = Publicado (OEIS A000170): { $total }{ $verdict }
count-agree = ✓ coinciden
count-differ = ✗ DIFIEREN
count-agree-after = {" "}✓ coinciden
count-differ-after = {" "}✗ DIFIEREN
count-unpublished = No hay valor publicado con el que comparar.
count-burnside = {" "}Únicas por el lema de Burnside: (T + S180 + 2·S90) / 8 = ({ $total } + { $half } + 2·{ $quarter }) / 8 = { $unique }, donde T es el total, y S180 y S90 son las soluciones que media vuelta y un cuarto de vuelta dejan iguales.
count-by-parts = {" "}Únicas por vuelta atrás: la búsqueda visita cada clase de soluciones (un tablero con sus giros e imágenes especulares) en las imágenes que conservan sus reglas de simetría, y cuenta la clase una vez ahí, con su tamaño de 2, 4 u 8 para el total.

## Comprobar un fragmento

shard-title = Comprobar un fragmento
shard-intro-before = Suelta o pega el JSON de
shard-intro-after = desde cualquier máquina: la página vuelve a contar una muestra de sus subproblemas, en los procesos, y dice si coinciden.
shard-json =
    .aria-label = JSON del fragmento
shard-sample = Subproblemas a comprobar
shard-start = Comprobar el fragmento
shard-what-piece = el fragmento { $index }/{ $of }
shard-what-whole = el recuento completo
shard-sample-bad = Subproblemas a comprobar: «{ $typed }» no es un número entero de 1 o más.
shard-other-list = ✗ { $what } de N = { $n } se contó sobre otra lista de subproblemas ({ $theirs } subproblemas, huella { $theirPrint }) distinta de la que esta página tiene ({ $ours }, huella { $ourPrint }): solo se puede comprobar con la versión de bitqueens que lo hizo.
shard-counts = { $total } soluciones, { $work } { $unit }
shard-counts-unique = { $total } soluciones, { $unique } únicas, { $work } { $unit }
shard-part-agrees = Subproblema { $index }: { $counts } ✓
shard-part-differs = Subproblema { $index }: el archivo dice { $said }; contado de nuevo: { $again } ✗
shard-all-agree = ✓ Los { $checked } subproblemas recontados de { $what } (N = { $n }) coinciden con el archivo.
shard-some-differ = ✗ { $wrong } de { $checked } subproblemas recontados de { $what } (N = { $n }) difieren del archivo: no te fíes de su suma.
shard-unreadable = No se pudo leer el archivo { $name }: { $error }
