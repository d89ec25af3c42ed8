/// Everyday requests that the assistant answers itself, by language: alarms, timers, weather,
/// the time, device settings, arithmetic, small talk, general questions, news, markets,
/// traffic, the home's lights and heating, cooking times.
///
/// No app's intent serves them, whatever verb they share with an app's templates ("set a
/// timer", "tell me a joke", "turn up the volume"): the intent model learns them as out of
/// scope, beside its sentences of frequent words. They name domains, not any corpus's lines.
enum SystemRequests {
  /// The requests of `language` ("en", "zh", "ru", "hi", "th"), empty for others.
  static func sentences(language: String) -> [String] {
    table[language] ?? []
  }

  private static let table: [String: [String]] = [
    "en": [
      "count down ten minutes", "cancel my timer", "how long until the timer goes off",
      "wake me at half past five", "snooze for ten more minutes", "delete all my alarms",
      "any snow expected this weekend", "how hot will it be on friday",
      "should i bring a raincoat", "what's the temperature outside",
      "what day is it today", "what's the date next monday", "how many days until christmas",
      "turn up the volume", "turn the brightness down", "switch on wifi",
      "turn off bluetooth", "turn on the flashlight", "how much battery do i have left",
      "what is fifteen percent of eighty", "convert ten miles to kilometers",
      "how do you say thank you in french", "what does ubiquitous mean",
      "who won the game last night", "how deep is the pacific ocean",
      "tell me something funny", "know any good jokes", "tell me the time in tokyo",
      "how about a story about dragons", "good morning",
      "thanks a lot", "never mind", "what can you do", "who are you",
      "flip a coin", "roll a die", "what's the distance to the moon",
      "is it going to be sunny tomorrow afternoon", "weather forecast for saturday",
      "how windy is it in chicago right now", "latest headlines please",
      "any breaking news this morning", "how are the stock markets doing today",
      "how many euros is fifty dollars", "who was the first president of the united states",
      "how many people live in canada", "what is the tallest mountain in africa",
      "what's seven times eight", "how much is forty minus twelve",
      "how long is my commute right now", "when does the next bus leave",
      "brighten the kitchen lights", "set the thermostat to seventy degrees",
      "how many minutes to hard boil eggs", "how do i make pancakes from scratch",
    ],
    "zh": [
      "设一个十分钟的计时器", "取消计时器", "明天早上六点半叫醒我", "关掉所有闹钟",
      "周六会不会降温", "外面多少度", "今天星期几", "现在几点了", "东京现在几点",
      "音量调大一点", "屏幕调暗一点", "打开无线网络", "关闭蓝牙", "打开手电筒",
      "还剩多少电", "八十的百分之十五是多少", "谢谢你", "你是谁", "你会做什么",
      "讲个故事", "说个笑话吧", "早上好", "珠穆朗玛峰有多高",
      "后天下不下雨", "出门要带伞吗", "周末适合去爬山吗", "北京下周的气温", "今天风大不大",
      "今天穿什么衣服合适", "下午会出太阳吗", "空气质量怎么样", "我定了几个闹钟",
      "再睡五分钟", "删掉周末的闹钟", "离闹钟响还有多久", "今天是几号",
      "最近有什么大新闻", "股市今天怎么样", "一百美元能换多少人民币", "法国的首都是哪里",
      "七乘以八等于多少", "去机场的路堵不堵", "客厅的灯调亮一点", "空调调到二十六度",
      "鸡蛋要煮几分钟", "红烧肉怎么做",
    ],
    "ru": [
      "засеки десять минут", "отмени таймер", "разбуди меня в шесть тридцать",
      "удали все будильники", "будет ли снег в выходные", "сколько градусов на улице",
      "нужен ли зонт сегодня", "какой сегодня день недели", "который час",
      "сколько времени в токио", "сделай погромче", "убавь яркость", "подключись к вай фаю",
      "выключи блютус", "посвети фонариком", "сколько осталось заряда",
      "сколько будет пятнадцать процентов от восьмидесяти", "спасибо большое", "кто ты",
      "что ты умеешь", "расскажи что-нибудь смешное", "знаешь какой-нибудь анекдот", "доброе утро",
      "какая высота у эвереста",
      "какие новости сегодня", "сколько стоит доллар в рублях",
      "какие пробки на дороге до работы", "сделай свет в спальне ярче",
      "сколько минут варить яйца",
    ],
    "hi": [
      "दस मिनट का टाइमर लगाओ", "टाइमर बंद करो", "साढ़े पाँच बजे जगा देना",
      "सारे अलार्म हटा दो", "क्या इस हफ़्ते बारिश होगी", "बाहर कितनी गर्मी है",
      "आज कौन सा दिन है", "अभी कितने बजे हैं", "टोक्यो में क्या समय है", "आवाज़ बढ़ाओ",
      "स्क्रीन की रोशनी कम करो", "वाईफाई चालू करो", "ब्लूटूथ बंद करो", "टॉर्च जलाओ",
      "बैटरी कितनी बची है", "अस्सी का पंद्रह प्रतिशत कितना है", "बहुत धन्यवाद",
      "तुम कौन हो", "तुम क्या कर सकते हो", "कोई मज़ेदार बात बताओ", "कोई चुटकुला याद है क्या", "सुप्रभात",
      "एवरेस्ट कितना ऊँचा है",
      "आज की ताज़ा ख़बरें क्या हैं", "एक डॉलर कितने रुपये का है",
      "ऑफिस के रास्ते में ट्रैफ़िक कैसा है", "कमरे की बत्ती धीमी करो", "अंडा कितनी देर उबालें",
    ],
    "th": [
      "ตั้งเวลาสิบนาที", "ยกเลิกตัวจับเวลา", "ปลุกฉันตอนเจ็ดโมงครึ่ง", "ลบนาฬิกาปลุกทั้งหมด",
      "สุดสัปดาห์นี้ฝนจะตกไหม", "ข้างนอกกี่องศา", "วันนี้วันอะไร", "ตอนนี้กี่โมงแล้ว",
      "ที่โตเกียวกี่โมง", "ขอเสียงดังขึ้นหน่อย", "ลดความสว่างหน้าจอ", "ช่วยเปิดไวไฟ", "ปิดบลูทูธ",
      "ช่วยเปิดไฟฉาย", "แบตเหลือเท่าไหร่", "แปดสิบคูณสิบห้าเปอร์เซ็นต์เท่ากับเท่าไหร่",
      "ขอบคุณมาก", "คุณเป็นใคร", "คุณทำอะไรได้บ้าง", "เล่าเรื่องตลกหน่อย", "มีมุกตลกไหม", "อรุณสวัสดิ์",
      "เอเวอเรสต์สูงเท่าไหร่",
      "วันนี้มีข่าวอะไรบ้าง", "หนึ่งดอลลาร์กี่บาท", "รถติดไหมไปสนามบิน", "หรี่ไฟในห้องนอน",
      "ต้มไข่กี่นาที",
    ],
  ]
}
