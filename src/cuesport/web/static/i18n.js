// The page's words in English and Russian. The referee's calls come from the server already
// in the match's language.

const WORDS = {
  en: {
    title: "cuesport",
    newMatch: "New match",
    practice: "Practice: place balls, try strokes",
    discipline: "Discipline",
    opponent: "Opponent",
    bot: "Computer",
    hotseat: "Hot-seat (one screen)",
    invite: "Friend by link",
    level: "Level",
    levels: { easy: "easy", medium: "medium", strong: "strong", pro: "pro" },
    lag: "lag for the break",
    breaks: "breaks",
    frames: "Best of (frames)",
    sides: "Sides",
    sidesOne: "one against one",
    sidesTwo: "two against two",
    sidesScotch: "two against two, alternate strokes (scotch)",
    yourPartner: "Your partner",
    theirPartner: "Opponent's partner",
    you: "Your name",
    player1: "Player 1",
    player2: "Player 2",
    player3: "Player 3",
    player4: "Player 4",
    them: "Opponent's name",
    start: "Start",
    score: "Score",
    frames_won: "Frames",
    brk: "Break",
    high: "High break",
    ballOn: "Ball on",
    foulsRow: "Fouls in a row",
    toPlay: "to play",
    power: "Power",
    elevation: "Elevation",
    tip: "Tip (side, top/back spin)",
    strike: "Strike",
    undo: "Undo",
    concede: "Concede frame",
    claim: "Claim the frame",
    calls: "Referee",
    nominate: "Nominate",
    freeBall: "Free ball: nominate a ball",
    balls: {
      red: "red", "any-colour": "any colour", yellow: "yellow", green: "green", brown: "brown",
      blue: "blue", pink: "pink", black: "black", cue: "cue ball", white: "white",
      open: "open table", solids: "solids", stripes: "stripes",
    },
    callBall: "Call: ball",
    callPocket: "pocket",
    safety: "Safety",
    pushOut: "Push out",
    pushOutAsk: "A push out is allowed on this shot",
    normalShot: "Normal shot",
    callAsk: "Call the shot",
    callThis: "Call",
    cancel: "Cancel",
    decide: "Your decision",
    inviteLink: "Send this link to your opponent:",
    spectatorLink: "Spectators:",
    copy: "Copy",
    rolling: "Balls rolling…",
    waiting: "Waiting for",
    notJoined: "the invite link has not been opened yet",
    placeHint: "Drag the cue ball to place it",
    aimHint: "Aim with the mouse or a finger; click to lock the aim",
    spectating: "Watching (read-only)",
    frameOver: "Frame over",
    matchOver: "Match over",
    winner: "wins",
    draw: "Draw",
    noPot: "no pot",
    offTable: "off the table",
    potted: "potted",
    frame: "Frame",
    none: "—",
    frameWord: { frame: "Frame", rack: "Rack", game: "Game" },
    target: "to",
    anyBall: "any ball",
    botName: "Bot",
    callHint: "Touch a ball, then a pocket, to call the shot",
    callFirst: "Call the shot first: touch a ball, then a pocket (or choose Safety)",
    freeBallHint: "Free ball: touch the ball you nominate (the nearest are numbered)",
    nominateHint: "Touch the colour you nominate",
    fromAim: "from the aim",
    clear: "Clear",
    skip: "Skip", replay: "Replay this stroke", replaying: "Replay…", replaySpeed: "Replay speed",
    autoSkip: "Skip the other side's strokes", linkStroke: "Link to this stroke",
    linkCopied: "Link copied", linkPosition: "Link", backToLive: "Back to the match",
    position: "position", previous: "previous", next: "next",
    aimCcw: "aim anticlockwise", aimCw: "aim clockwise", tipPad: "tip position",
    tableLabel: "the table",
    keysHint: "Keys on the table: ← → aim (Shift: coarse), ↑ ↓ power, Space or Enter strikes; "
      + "arrows on the tip move it.",
    choice: {
      play: "Play", pass: "Make them play again", replace: "Replace the balls",
      "in-hand": "Cue ball in hand", "re-rack": "Re-rack and break",
      "re-rack-opponent": "Re-rack, they break", "spot-eight": "Spot the eight",
      "re-break": "They break again", "spot-ball": "Spot the ball",
    },
    pockets: {
      "bottom-left": "bottom left", "bottom-right": "bottom right", "middle-left": "middle left",
      "middle-right": "middle right", "top-left": "top left", "top-right": "top right",
    },
  },
  ru: {
    title: "cuesport",
    newMatch: "Новый матч",
    practice: "Тренировка: расставить шары, пробовать удары",
    discipline: "Дисциплина",
    opponent: "Соперник",
    bot: "Компьютер",
    hotseat: "Вдвоём за одним экраном",
    invite: "Друг по ссылке",
    level: "Уровень",
    levels: { easy: "лёгкий", medium: "средний", strong: "сильный", pro: "профи" },
    lag: "розыгрыш права разбоя",
    breaks: "разбивает",
    frames: "Партий (до большинства из)",
    sides: "Стороны",
    sidesOne: "один на один",
    sidesTwo: "пара на пару",
    sidesScotch: "пара на пару, удары по очереди (скотч)",
    yourPartner: "Ваш партнёр",
    theirPartner: "Партнёр соперника",
    you: "Ваше имя",
    player1: "Игрок 1",
    player2: "Игрок 2",
    player3: "Игрок 3",
    player4: "Игрок 4",
    them: "Имя соперника",
    start: "Начать",
    score: "Счёт",
    frames_won: "Партии",
    brk: "Серия",
    high: "Лучшая серия",
    ballOn: "Прицельный шар",
    foulsRow: "Фолов подряд",
    toPlay: "бьёт",
    power: "Сила",
    elevation: "Наклон кия",
    tip: "Точка удара (винт, накат/оттяжка)",
    strike: "Удар",
    undo: "Отменить",
    concede: "Сдать партию",
    claim: "Потребовать партию",
    calls: "Рефери",
    nominate: "Заказ",
    freeBall: "Свободный шар: закажите шар",
    balls: {
      red: "красный", "any-colour": "любой цветной", yellow: "жёлтый", green: "зелёный",
      brown: "коричневый", blue: "синий", pink: "розовый", black: "чёрный", cue: "биток",
      white: "белый", open: "стол открыт", solids: "сплошные", stripes: "полосатые",
    },
    callBall: "Заказ: шар",
    callPocket: "луза",
    safety: "Отыгрыш",
    pushOut: "Пуш-аут",
    pushOutAsk: "На этом ударе разрешён пуш-аут",
    normalShot: "Обычный удар",
    callAsk: "Заказ удара",
    callThis: "Заказать",
    cancel: "Отмена",
    decide: "Ваше решение",
    inviteLink: "Отправьте эту ссылку сопернику:",
    spectatorLink: "Для зрителей:",
    copy: "Копировать",
    rolling: "Шары катятся…",
    waiting: "Ждём",
    notJoined: "ссылку-приглашение ещё не открыли",
    placeHint: "Перетащите биток, чтобы поставить его",
    aimHint: "Цельтесь мышью или пальцем; щелчок фиксирует прицел",
    spectating: "Просмотр (только чтение)",
    frameOver: "Партия окончена",
    matchOver: "Матч окончен",
    winner: "побеждает",
    draw: "Ничья",
    noPot: "ничего не забито",
    offTable: "вылетел со стола",
    potted: "забит",
    frame: "Партия",
    none: "—",
    frameWord: { frame: "Партия", rack: "Партия", game: "Партия" },
    target: "до",
    anyBall: "любой шар",
    botName: "Бот",
    callHint: "Коснитесь шара, затем лузы, чтобы заказать удар",
    callFirst: "Сначала закажите удар: коснитесь шара, затем лузы (или выберите отыгрыш)",
    freeBallHint: "Свободный шар: коснитесь шара, который заказываете (ближние пронумерованы)",
    nominateHint: "Коснитесь цветного шара, который заказываете",
    fromAim: "по прицелу",
    clear: "Сбросить",
    skip: "Пропустить", replay: "Повтор удара", replaying: "Повтор…", replaySpeed: "Скорость повтора",
    autoSkip: "Не показывать удары соперника", linkStroke: "Ссылка на удар",
    linkCopied: "Ссылка скопирована", linkPosition: "Ссылка", backToLive: "Вернуться к матчу",
    position: "позиция", previous: "назад", next: "вперёд",
    aimCcw: "прицел против часовой", aimCw: "прицел по часовой", tipPad: "точка удара",
    tableLabel: "стол",
    keysHint: "Клавиши на столе: ← → прицел (с Shift — крупнее), ↑ ↓ сила, пробел или Enter — удар; "
      + "стрелки на точке удара двигают её.",
    // the server's refusals, by their stable code (the English text comes from the server)
    errors: {
      spectator: "Зрители не могут делать ходы: нужна ссылка игрока",
      no_seat: "Эта ссылка не даёт места в этом матче",
      match_over: "Матч окончен",
      busy: "Подождите: за столом идёт игра (ход соперника)",
      not_your_turn: "Не ваш ход: бьёт {name}",
      not_in_hand: "Биток не с руки: он играется с места",
      place_first: "Биток с руки ({zone}): сначала поставьте его",
      bad_place: "Сюда биток поставить нельзя ({zone})",
      not_offered: "Решение «{choice}» сейчас не предлагается",
      undo_not_yours: "Отменить можно только свой последний ход",
      nothing_to_undo: "В этой партии нечего отменять",
      move_refused: "Ход не принят",
      invalid: "Неверный запрос",
    },
    zones: { D: "в доме", kitchen: "за передней линией", table: "на столе" },
    choice: {
      play: "Играть", pass: "Пусть бьёт снова", replace: "Вернуть шары",
      "in-hand": "Биток с руки", "re-rack": "Перерасставить и разбить самому",
      "re-rack-opponent": "Перерасставить, разбивает соперник", "spot-eight": "Выставить восьмёрку",
      "re-break": "Соперник разбивает снова", "spot-ball": "Выставить шар",
    },
    pockets: {
      "bottom-left": "нижняя левая", "bottom-right": "нижняя правая",
      "middle-left": "средняя левая", "middle-right": "средняя правая",
      "top-left": "верхняя левая", "top-right": "верхняя правая",
    },
  },
};

export let lang = (localStorage.getItem("cuesport-lang") || navigator.language || "en")
  .slice(0, 2) === "ru" ? "ru" : "en";

export function setLang(l) {
  lang = l === "ru" ? "ru" : "en";
  localStorage.setItem("cuesport-lang", lang);
  document.documentElement.lang = lang;
  for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of document.querySelectorAll("[data-i18n-label]")) {
    el.setAttribute("aria-label", t(el.dataset.i18nLabel));
  }
  // Default names follow the language until someone types their own.
  const defaults = ["Player 1", "Player 2", "Player 3", "Player 4",
    "Игрок 1", "Игрок 2", "Игрок 3", "Игрок 4"];
  for (const [name, key] of [["you", "player1"], ["them", "player2"], ["you2", "player3"],
    ["them2", "player4"]]) {
    const input = document.querySelector(`input[name=${name}]`);
    if (input && defaults.includes(input.value)) input.value = t(key);
  }
}

export function serverMessage(data) {
  // A refusal in the page's language when its code is known here; else the server's words.
  const words = WORDS[lang].errors || {};
  const text = data && data.code ? words[data.code] : undefined;
  if (!text) return data ? data.error : "";
  const params = data.params || {};
  return text.replace(/\{(\w+)\}/g, (_, k) => {
    const v = params[k];
    if (k === "zone") return t(`zones.${v}`).startsWith("zones.") ? String(v) : t(`zones.${v}`);
    if (k === "choice") return t(`choice.${v}`).startsWith("choice.") ? String(v) : t(`choice.${v}`);
    return v === undefined ? "" : String(v);
  });
}

export function t(key) {
  const parts = key.split(".");
  let v = WORDS[lang];
  for (const p of parts) v = v ? v[p] : undefined;
  return v ?? key;
}
